import { z } from 'zod';
import {
  type ActionType,
  actionTypeSchema,
  delayOptionsSchema,
  internalEmailOptionsSchema,
  isBranchActionType,
  salesforceOptionsSchema,
  sendEmailOptionsSchema,
  staticListOptionsSchema,
  webhookOptionsSchema,
} from './flow-actions';
import {
  branchByFilterOptionsSchema,
  branchByTokenOptionsSchema,
  branchByValueOptionsSchema,
  updateValueOptionsSchema,
} from './flow-conditions';

/** Spec 3: the source of the first step's link, the fixed top node 'N contacts selected in Dynamic list'. */
export const FLOW_ROOT = 'root';
/** A flow of a few hundred steps must stay smooth; this bounds what one campaign may hold. */
export const FLOW_MAX_NODES = 500;

/** Each action type's options as a publishable step needs them, with the spec's messages. */
export const actionOptionsSchemas: Record<ActionType, z.ZodType> = {
  send_email: sendEmailOptionsSchema,
  send_internal_email: internalEmailOptionsSchema,
  delay: delayOptionsSchema,
  webhook: webhookOptionsSchema,
  add_to_static_list: staticListOptionsSchema,
  remove_from_static_list: staticListOptionsSchema,
  branch_by_filter: branchByFilterOptionsSchema,
  branch_by_token: branchByTokenOptionsSchema,
  branch_by_value: branchByValueOptionsSchema,
  salesforce_manual_sync: salesforceOptionsSchema,
  update_value: updateValueOptionsSchema,
};

const idText = z.string().trim().min(1).max(100);

/**
 * A stored step. Options may be incomplete while the campaign is a draft (the side panel saves as
 * the user types), so they are only bounded here; `actionErrors` checks them against the schema of
 * their type. branch_id names the branch the step sits in (null on the main line). Removed steps stay
 * with is_deleted so past runs can still name them, and have no links.
 */
export const flowNodeSchema = z.object({
  action_id: idText,
  action_type: actionTypeSchema,
  action_options: z.record(z.string().max(100), z.unknown()).default({}),
  branch_id: idText.nullish(),
  is_deleted: z.boolean().default(false),
});
export type FlowNode = z.infer<typeof flowNodeSchema>;

/** A link from a step (or FLOW_ROOT) to the next; leaving a branch step it names the branch taken. */
export const flowLinkSchema = z.object({
  source: idText,
  target: idText,
  attributes: z.object({ branch_id: idText.nullish() }).default({}),
});
export type FlowLink = z.infer<typeof flowLinkSchema>;

export const flowSchema = z.object({
  nodes: z.array(flowNodeSchema).max(FLOW_MAX_NODES * 2),
  links: z.array(flowLinkSchema).max(FLOW_MAX_NODES * 2),
});
export type Flow = z.infer<typeof flowSchema>;
export const emptyFlow = (): Flow => ({ nodes: [], links: [] });

/**
 * A valid flow as it is published: a delay typed in the panel's text box as digits ('12') goes
 * live as the number the spec's delay_value is. Anything else is stored as it was saved.
 */
export function publishedFlow<T>(flow: T): T {
  const nodes = (flow as { nodes?: unknown } | null)?.nodes;
  if (!Array.isArray(nodes)) return flow;
  const published = nodes.map((node: Partial<FlowNode>) => {
    const value = node?.action_options?.delay_value;
    return node?.action_type === 'delay' && typeof value === 'string' && /^\d+$/.test(value)
      ? { ...node, action_options: { ...node.action_options, delay_value: Number(value) } }
      : node;
  });
  return { ...flow, nodes: published };
}

/** Field path to message for one step; empty when the step is valid. */
export function actionErrors(node: Pick<FlowNode, 'action_type' | 'action_options'>): Record<string, string> {
  const result = actionOptionsSchemas[node.action_type].safeParse(node.action_options ?? {});
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.map(String).join('.') || '_';
    errors[path] ??= issue.message;
  }
  return errors;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** The branches a branch step opens, read leniently from draft options; [] for other steps. */
export function branchIdsOf(node: Pick<FlowNode, 'action_type' | 'action_options'>): string[] {
  if (!isBranchActionType(node.action_type)) return [];
  const options = node.action_options ?? {};
  const ids =
    node.action_type === 'branch_by_filter'
      ? [text(options.primary_branch_id), text(options.default_branch_id)]
      : [
          ...(Array.isArray(options.conditions) ? options.conditions : []).map((item: unknown) =>
            text((item as { branch_id?: unknown } | null)?.branch_id),
          ),
          text(options.default_branch_id),
        ];
  return [...new Set(ids.filter((id): id is string => id !== null))];
}

/** Where a step moved into a new branch step's path goes: its default (else first) branch. */
export function defaultBranchOf(node: Pick<FlowNode, 'action_type' | 'action_options'>): string | null {
  return text(node.action_options?.default_branch_id) ?? branchIdsOf(node)[0] ?? null;
}

/** Options of a new branch step with fresh branch ids; conditions are added by the user. */
export function newBranchOptions(type: ActionType, makeId: () => string): Record<string, unknown> {
  if (type === 'branch_by_filter')
    return { primary_branch_id: makeId(), default_branch_id: makeId(), condition: { conditions: [] } };
  if (type === 'branch_by_token') return { token: '', default_branch_id: makeId(), conditions: [] };
  if (type === 'branch_by_value') return { filter: '', default_branch_id: makeId(), conditions: [] };
  return {};
}
