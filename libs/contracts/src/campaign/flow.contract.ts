import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { campaignMessages } from './campaigns.contract';
import { actionTypeSchema } from './flow-actions';
import { FLOW_MAX_NODES, flowSchema } from './flow-graph';

/** Ours: the spec has no texts for a step or branch that is gone, or a full flow. */
export const flowActionMessages = {
  actionRequired: 'Action is required',
  actionNotFound: 'Flow step not found',
  branchNotFound: 'Branch not found',
  branchRequired: 'Choose a branch of the step to add after',
  branchNotAllowed: 'Only a branch step has branches',
  flowTooLarge: `A flow can hold at most ${FLOW_MAX_NODES} steps`,
  optionsTooLarge: 'Step options are too large',
  optionsNotObject: 'Step options must be an object of named values',
  changedMeanwhile: 'The flow changed meanwhile. Please try again',
} as const;

/** Bounds what a draft step may store; the type's schema checks the content when publishing. */
export const ACTION_OPTIONS_MAX_BYTES = 64 * 1024;

const campaignId = z.uuid({ error: campaignMessages.notFound });
const actionId = z
  .string({ error: flowActionMessages.actionNotFound })
  .trim()
  .min(1, { error: flowActionMessages.actionNotFound })
  .max(100, { error: flowActionMessages.actionNotFound });
const branchId = z.string().trim().min(1).max(100).nullish();
const path = (p: string) => `/campaigns/flow/action${p}`;

const userSchema = z.object({ id: z.string(), name: z.string() });

/** Every flow call answers the working copy of the flow and who changed it when. */
export const flowSavedSchema = z.object({
  flow: flowSchema,
  updated_at: z.string(),
  updated_by: userSchema.nullable(),
});

/**
 * Spec 4: adds a step of `action_type` after `add_after_action_id` (the top when absent). After a
 * branch step, `link_attributes.branch_id` (or `branch_id`) names the branch it goes into.
 */
export const flowActionAddContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/add'),
  access: 'bearer',
  request: z.object({
    campaign_id: campaignId,
    action_type: actionTypeSchema,
    add_after_action_id: actionId.nullish(),
    branch_id: branchId,
    link_attributes: z.object({ branch_id: branchId }).nullish(),
  }),
  response: flowSavedSchema.extend({ action_id: z.string() }),
});

/** Removes a step; a branch step goes with its branches and every step in them. */
export const flowActionRemoveContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/remove'),
  access: 'bearer',
  request: z.object({ campaign_id: campaignId, action_id: actionId }),
  response: flowSavedSchema,
});

/** The side panel's save: options are stored even when incomplete, bounded in size only. */
export const flowActionUpdateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/update'),
  access: 'bearer',
  request: z.object({
    campaign_id: campaignId,
    action_id: actionId,
    action_options: z
      .record(z.string().max(100), z.unknown(), {
        error: (issue) =>
          issue.code === 'invalid_type'
            ? flowActionMessages.optionsNotObject
            : flowActionMessages.optionsTooLarge,
      })
      .refine((options) => JSON.stringify(options).length <= ACTION_OPTIONS_MAX_BYTES, {
        error: flowActionMessages.optionsTooLarge,
      }),
  }),
  response: flowSavedSchema,
});
