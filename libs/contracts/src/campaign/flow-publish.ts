import type { Flow } from './flow-graph';
import { validateFlow } from './flow-validate';
import { type Rule, ruleErrors, ruleMessages } from './rule';
import { type Schedule, scheduleErrors } from './schedule';

/** Spec section 5 "Publish" and section 8, word for word. */
export const publishMessages = {
  dynamicListEmpty: 'Dynamic List is empty',
  fieldsInvalid: 'Some fields are invalid',
  flowEmpty: 'Flow is empty',
  ruleInvalid: ruleMessages.ruleInvalid,
  publishFailed: 'Campaign publish failed',
} as const;

/** decisions.md: publish errors are keyed by these four parts of the draft. */
export type PublishErrorKey = 'dynamic_list' | 'flow' | 'schedule' | 'rule';
export type PublishErrors = Partial<Record<PublishErrorKey, string>>;

export interface PublishDraft {
  dynamic_list?: { query?: { conditions?: readonly unknown[] | null } | null } | null;
  flow?: Flow | null;
  schedule?: Schedule | null;
  rule?: Rule | null;
}

export interface PublishContext {
  /** The user's local date in the schedule's zone ('YYYY-MM-DD'), see `todayIn`. */
  today: string;
  /** The audience query's own validation (the query builder's rules live with the audience compiler). */
  isDynamicListValid: (conditions: readonly unknown[]) => boolean;
}

/** What stops a draft from being published; empty when it may be published. */
export function publishErrors(draft: PublishDraft, context: PublishContext): PublishErrors {
  const errors: PublishErrors = {};
  const conditions = draft.dynamic_list?.query?.conditions ?? [];
  if (conditions.length === 0) errors.dynamic_list = publishMessages.dynamicListEmpty;
  else if (!context.isDynamicListValid(conditions)) errors.dynamic_list = publishMessages.fieldsInvalid;
  const flow = validateFlow(draft.flow ?? { nodes: [], links: [] });
  if (flow.empty) errors.flow = publishMessages.flowEmpty;
  else if (!flow.valid) errors.flow = publishMessages.fieldsInvalid;
  if (Object.keys(scheduleErrors(draft.schedule, context.today)).length > 0)
    errors.schedule = publishMessages.fieldsInvalid;
  if (Object.keys(ruleErrors(draft.rule)).length > 0) errors.rule = publishMessages.ruleInvalid;
  return errors;
}

/** The persistent toast's lines: 'field: message' (spec 2). */
export function publishErrorLines(errors: PublishErrors): string[] {
  return Object.entries(errors).map(([key, message]) => `${key}: ${message}`);
}
