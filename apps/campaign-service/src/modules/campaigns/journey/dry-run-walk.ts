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
 * moves the clock to its wake time, as if it had elapsed. What the steps before would have changed
 * is what the steps after see, though nothing is written: a static list joined or left (for the
 * list's later steps and list-membership filters) and the values an update step would store (for
 * branches by value and formulas). Bounded: at most FLOW_MAX_NODES steps, and a step reached twice
 * stops the walk (a cycle).
 */
export async function walkFlow(
  flow: Flow,
  start: JourneyPerson,
  stored: JourneyPorts,
  now: Date,
): Promise<DryRunWalk> {
  const steps: DryRunStep[] = [];
  const seen = new Set<string>();
  let person = start;
  const memberships = new Map<string, boolean>();
  const ports: JourneyPorts = {
    ...stored,
    staticList: async (listId, personId) => {
      const list = await stored.staticList(listId, personId);
      if (!list) return null;
      return { ...list, member: memberships.get(list.id) ?? list.member };
    },
    matchesFilter: (ids, conditions, at) =>
      stored.matchesFilter(
        ids,
        conditions,
        at,
        [...memberships].map(([listId, member]) => ({ listId, member })),
      ),
  };
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
    if (step.static_list && step.status !== 'error')
      memberships.set(step.static_list.id, step.action_type === 'add_to_static_list');
    if (step.updates && step.status !== 'error')
      person = {
        ...person,
        variables: {
          ...person.variables,
          ...Object.fromEntries(step.updates.map((update) => [update.field, update.value])),
        },
      };
    current = next;
  }
  return { steps, stopped: 'end' };
}
