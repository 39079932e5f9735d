import {
  actionOptionsSchemas,
  type ActionType,
  type Flow,
  findAction,
  flowStepCatalogue,
  outgoingLink,
} from '@meridian/contracts';
import { compareValue, describeCondition, showValue, type ValueCondition } from './compare';
import type { BranchFilterCondition, JourneyPerson, JourneyPorts, StepOutcome } from './journey.types';
import { blankDecision, type Decision } from './decision';
import { evaluateEffect } from './step-effects';

/**
 * The step evaluator: what one step does for one person and where they go next. Plain code (no
 * Nest, no HTTP); the engine and the dry run both call it, so a dry run cannot drift from a run.
 * `now` is given, and nothing is written: the outcome says what a run would do.
 */

const LABELS = new Map(
  flowStepCatalogue.flatMap((group) => group.steps.map((step) => [step.type, step.label])),
);
export const stepLabel = (type: ActionType) => LABELS.get(type) ?? type;

const DELAY_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

interface BranchItem {
  branch_id: string;
  condition: ValueCondition;
}

/** Token and value branches: conditions in order, the first match's branch wins, else the default. */
function firstMatch(
  subject: string,
  actual: unknown,
  items: readonly BranchItem[],
  defaultBranch: string,
  now: Date,
): Decision {
  const seen = `${subject} is ${showValue(actual)}`;
  for (const [index, item] of items.entries()) {
    if (compareValue(actual, item.condition, now))
      return {
        ...blankDecision(
          `${seen}; ${describeCondition(subject, item.condition)}: matched, took branch ${index + 1}`,
        ),
        branch_id: item.branch_id,
      };
  }
  return {
    ...blankDecision(`${seen}; no condition matched, took the default branch`),
    branch_id: defaultBranch,
  };
}

async function decide(
  type: ActionType,
  options: Record<string, unknown>,
  person: JourneyPerson,
  ports: JourneyPorts,
  now: Date,
): Promise<Decision> {
  switch (type) {
    case 'delay': {
      const { delay_value: value, delay_unit: unit } = options as {
        delay_value: number;
        delay_unit: keyof typeof DELAY_MS;
      };
      const wake = new Date(now.getTime() + value * DELAY_MS[unit]);
      return {
        ...blankDecision(`Waits ${value} ${unit}, then goes on as if they had passed`),
        wake_at: wake.toISOString(),
      };
    }
    case 'branch_by_filter': {
      const branch = options as {
        primary_branch_id: string;
        default_branch_id: string;
        condition: { conditions: { condition: BranchFilterCondition }[] };
      };
      const conditions = branch.condition.conditions.map((item) => item.condition);
      let matched: boolean;
      try {
        matched = (await ports.matchesFilter([person.id], conditions, now)).includes(person.id);
      } catch (error) {
        // A condition the filter cannot evaluate stops the path, with why, as it would stop a run.
        return blankDecision(`The conditions could not be evaluated: ${(error as Error).message}`, 'error');
      }
      const words = conditions.map((c) => describeCondition(c.filter, c)).join(' and ');
      return {
        ...blankDecision(
          `${words}: ${matched ? 'matched, took the primary branch' : 'not matched, took the default branch'}`,
        ),
        branch_id: matched ? branch.primary_branch_id : branch.default_branch_id,
      };
    }
    case 'branch_by_token': {
      const branch = options as { token: string; default_branch_id: string; conditions: BranchItem[] };
      const value = await ports.tokenValue(person, branch.token);
      if ('error' in value) return blankDecision(`Token ${branch.token} failed: ${value.error}`, 'error');
      return firstMatch(`token ${branch.token}`, value.ok, branch.conditions, branch.default_branch_id, now);
    }
    case 'branch_by_value': {
      const branch = options as { filter: string; default_branch_id: string; conditions: BranchItem[] };
      const actual = person.variables[branch.filter];
      return firstMatch(branch.filter, actual, branch.conditions, branch.default_branch_id, now);
    }
    case 'send_email':
    case 'send_internal_email':
    case 'webhook':
    case 'add_to_static_list':
    case 'remove_from_static_list':
    case 'update_value':
    case 'salesforce_manual_sync':
      return evaluateEffect(type, options, person, ports);
  }
}

/** Evaluates one step of the flow for one person at `now`. */
export async function evaluateStep(
  flow: Flow,
  actionId: string,
  person: JourneyPerson,
  ports: JourneyPorts,
  now: Date,
): Promise<StepOutcome> {
  const node = findAction(flow, actionId);
  if (!node) throw new Error(`No step ${actionId} in the flow`);
  const head = {
    action_id: node.action_id,
    action_type: node.action_type,
    label: stepLabel(node.action_type),
  };
  const parsed = actionOptionsSchemas[node.action_type].safeParse(node.action_options ?? {});
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Fields are invalid';
    return {
      ...head,
      ...blankDecision(`This step is not complete: ${message}`, 'error'),
      next_action_id: null,
    };
  }
  const decision = await decide(node.action_type, parsed.data as Record<string, unknown>, person, ports, now);
  const next =
    decision.status === 'error' ? undefined : outgoingLink(flow, node.action_id, decision.branch_id)?.target;
  return { ...head, ...decision, next_action_id: next ?? null };
}

/**
 * One step for many persons waiting on it, as the engine runs it: a branch by filter asks the
 * filter once for the whole batch, every other step is evaluated person by person.
 */
export async function evaluateStepForMany(
  flow: Flow,
  actionId: string,
  persons: readonly JourneyPerson[],
  ports: JourneyPorts,
  now: Date,
): Promise<StepOutcome[]> {
  let batchPorts = ports;
  const node = findAction(flow, actionId);
  if (node?.action_type === 'branch_by_filter' && persons.length > 1) {
    const ids = persons.map((person) => person.id);
    const answers = new Map<string, Promise<string[]>>();
    batchPorts = {
      ...ports,
      matchesFilter: (_ids, conditions, at) => {
        // Every person of the batch asks the same step's conditions: one query answers them all.
        const key = JSON.stringify([conditions, at]);
        if (!answers.has(key)) answers.set(key, ports.matchesFilter(ids, conditions, at));
        return answers.get(key)!;
      },
    };
  }
  const outcomes: StepOutcome[] = [];
  for (const person of persons) outcomes.push(await evaluateStep(flow, actionId, person, batchPorts, now));
  return outcomes;
}
