import { z } from 'zod';
import { audienceQueryErrors, audienceQuerySchema } from './audience-query';
import { emptyFlow, type Flow, flowSchema } from './flow-graph';
import { type PublishErrors, publishErrors, publishMessages } from './flow-publish';
import { defaultRule, type Rule, ruleSchema } from './rule';
import { type Schedule, scheduleSchema, scheduleZone, todayIn } from './schedule';

/** The four parts of a campaign the editor changes; the working copy is `draft_data.x ?? x`. */
export const WORKING_PARTS = ['dynamic_list', 'flow', 'schedule', 'rule'] as const;
export type WorkingPart = (typeof WORKING_PARTS)[number];

type Stored = Record<string, unknown> | null | undefined;
export interface StoredParts {
  flow: Stored;
  dynamic_list: Stored;
  schedule: Stored;
  rule: Stored;
  draft_data: Stored;
}

/**
 * Each part of the working copy as stored (the draft's when it has one), unparsed. A campaign
 * nobody gave a rule runs by the default one (spec 3: once, no re-entry), as the form shows it.
 */
export function workingParts(campaign: StoredParts): Record<WorkingPart, unknown> {
  const draft = campaign.draft_data ?? {};
  const pick = (part: WorkingPart) => {
    const drafted = draft[part];
    return drafted !== undefined && drafted !== null ? drafted : (campaign[part] ?? null);
  };
  return {
    dynamic_list: pick('dynamic_list'),
    flow: pick('flow'),
    schedule: pick('schedule'),
    rule: pick('rule') ?? defaultRule(),
  };
}

const dynamicListSchema = z.object({ query: audienceQuerySchema });

/**
 * Spec 5 "Publish" on a stored working copy: the publish errors keyed dynamic_list / flow /
 * schedule / rule, empty when it may be published. A part whose stored shape does not parse counts
 * as invalid (never as empty), so a damaged draft cannot go live. `now` gives today's date in the
 * schedule's zone.
 */
export function workingCopyErrors(parts: Record<WorkingPart, unknown>, now: Date): PublishErrors {
  const list =
    parts.dynamic_list === null
      ? { success: true as const, data: null }
      : dynamicListSchema.safeParse(parts.dynamic_list);
  const flow =
    parts.flow === null ? { success: true as const, data: emptyFlow() } : flowSchema.safeParse(parts.flow);
  const schedule =
    parts.schedule === null
      ? { success: true as const, data: null }
      : scheduleSchema.safeParse(parts.schedule);
  const rule =
    parts.rule === null ? { success: true as const, data: null } : ruleSchema.safeParse(parts.rule);
  const zone = schedule.success && schedule.data ? scheduleZone(schedule.data) : 'UTC';
  const errors = publishErrors(
    {
      dynamic_list: list.success ? list.data : null,
      flow: flow.success ? (flow.data as Flow) : emptyFlow(),
      schedule: schedule.success ? (schedule.data as Schedule | null) : null,
      rule: rule.success ? (rule.data as Rule | null) : null,
    },
    {
      today: todayIn(zone, now),
      isDynamicListValid: (conditions) =>
        Object.keys(audienceQueryErrors({ conditions: conditions as never })).length === 0,
    },
  );
  if (!list.success) errors.dynamic_list = publishMessages.fieldsInvalid;
  if (!flow.success) errors.flow = publishMessages.fieldsInvalid;
  if (!schedule.success) errors.schedule = publishMessages.fieldsInvalid;
  if (!rule.success) errors.rule = publishMessages.ruleInvalid;
  return errors;
}
