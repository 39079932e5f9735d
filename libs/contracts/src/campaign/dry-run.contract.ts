import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { actionTypeSchema } from './flow-actions';
import { campaignMessages } from './campaigns.contract';

/** The dry run's texts (ours: the spec has no dry run). */
export const dryRunMessages = {
  title: 'Dry run',
  personRequired: 'Select a contact',
  personNotFound: 'Contact not found',
  noSteps: 'This campaign has no flow steps yet',
  nothingSent: 'Nothing is sent, saved or called: this shows what would happen today.',
} as const;

/** How a walk ended: at the end of a path, on a step seen before, or at the step bound. */
export const dryRunStopSchema = z.enum(['end', 'cycle', 'limit']);
export type DryRunStop = z.infer<typeof dryRunStopSchema>;

export const dryRunEmailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  from: z.string(),
  reply_to: z.string().nullable(),
  html: z.string(),
});
export type DryRunEmail = z.infer<typeof dryRunEmailSchema>;

/**
 * One step as it would run for the person. `status` 'error' means the step could not be evaluated
 * as configured (a missing template, a token that fails); the walk then stops, as a run would.
 */
export const dryRunStepSchema = z.object({
  action_id: z.string(),
  action_type: actionTypeSchema,
  label: z.string(),
  status: z.enum(['ok', 'error']),
  explanation: z.string(),
  /** Branch steps: the branch the person takes. */
  branch_id: z.string().nullable(),
  /** Delay steps: when the person would wake, the walk going on as if it had elapsed. */
  wake_at: z.string().nullable(),
  email: dryRunEmailSchema.nullable(),
  webhook: z.object({ name: z.string(), method: z.string(), url: z.string() }).nullable(),
  static_list: z.object({ id: z.string(), name: z.string(), member: z.boolean() }).nullable(),
  updates: z.array(z.object({ field: z.string(), value: z.string().nullable() })).nullable(),
});
export type DryRunStep = z.infer<typeof dryRunStepSchema>;

export const dryRunPersonSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});

/** Walks the working copy of the flow (draft flow, else the live one) for one person; writes nothing. */
export const campaignDryRunContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/campaigns/flow/dry-run',
  access: 'bearer',
  request: z.object({
    campaign_id: z.uuid({ error: campaignMessages.notFound }),
    person_id: z.uuid({ error: dryRunMessages.personRequired }),
  }),
  response: z.object({
    person: dryRunPersonSchema,
    evaluated_at: z.string(),
    steps: z.array(dryRunStepSchema),
    stopped: dryRunStopSchema,
  }),
});
