import {
  type DryRunStep,
  type DryRunStop,
  type Flow,
  FLOW_MAX_NODES,
  FLOW_ROOT,
  outgoingLink,
} from '@meridian/contracts';
import type { JourneyPerson, JourneyPorts } from './journey.types';
import { evaluateStep } from './step-evaluator';

export interface DryRunWalk {
  steps: DryRunStep[];
  stopped: DryRunStop;
}

/**
 * Follows the flow from its top for one person, step by step with the engine's evaluator. A delay
 * moves the clock to its wake time, as if it had elapsed. Bounded: at most FLOW_MAX_NODES steps, and
 * a step reached twice stops the walk (a cycle).
 */
export async function walkFlow(
  flow: Flow,
  person: JourneyPerson,
  ports: JourneyPorts,
  now: Date,
): Promise<DryRunWalk> {
  const steps: DryRunStep[] = [];
  const seen = new Set<string>();
  let clock = now;
  let current = outgoingLink(flow, FLOW_ROOT)?.target ?? null;
  while (current !== null) {
    if (seen.has(current)) return { steps, stopped: 'cycle' };
    if (steps.length >= FLOW_MAX_NODES) return { steps, stopped: 'limit' };
    seen.add(current);
    // A link to a removed or missing step ends the path, as it would end a run.
    if (!flow.nodes.some((node) => node.action_id === current && !node.is_deleted)) break;
    const { next_action_id: next, ...step } = await evaluateStep(flow, current, person, ports, clock);
    steps.push(step);
    if (step.wake_at) clock = new Date(step.wake_at);
    current = next;
  }
  return { steps, stopped: 'end' };
}
