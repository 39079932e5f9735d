import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../http/endpoint';
import { pageInfoSchema, pageRequestSchema, searchQuerySchema } from '../http/pagination';
import { campaignContextSchema } from './persons.contract';

/** Campaign texts: spec sections 2 and 8 word for word; the name rules follow the other assets. */
export const campaignMessages = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 255 characters',
  notFound: 'Campaign details not available',
  added: 'New Campaign Added',
  removed: 'Campaign Removed',
  updated: 'Campaign Updated',
  cloned: 'Campaign cloned successfully',
  cloneFailed: 'Campaign cloning failed',
  deleteConfirm: 'Are you sure about deleting this campaign? Once deleted cannot be undone',
  cloneNote: 'The dynamic list and workflow of the campaign will be cloned.',
  empty: 'Let’s add a campaign to get started',
  createFirst: 'Create first campaign',
  noneFound: 'No campagins found.',
  changeSearch: ' Please change the search / filter values',
  // Ours: spec 1 offers no context choice under one_to_none; the API refuses org then.
  orgContextUnavailable:
    "Organisation campaigns need a person/org mapping; this organisation's is one_to_none",
} as const;

/** Spec 2: the context choice's labels. */
export const campaignContextLabels = {
  person: 'Send Email to a Marketing Contact/Lead',
  org: 'Send Email to Product Users',
} as const;

export const CAMPAIGN_NAME_MAX = 255;

export const campaignNameSchema = z
  .string({ error: campaignMessages.nameRequired })
  .trim()
  .min(1, { error: campaignMessages.nameRequired })
  .max(CAMPAIGN_NAME_MAX, { error: campaignMessages.nameTooLong });

const userSchema = z.object({ id: z.string(), name: z.string() });

/**
 * Spec 3 "Campaign". flow, dynamic_list, schedule, rule and draft_data are filled by the editor's
 * slices; until then they are null. Counts start at zero and are kept by the engine.
 */
export const campaignCountsSchema = z.object({
  count_processed: z.number().int(),
  count_delivered: z.number().int(),
  count_bounced: z.number().int(),
  count_dropped: z.number().int(),
  /** Ours: processed but not sent (unsubscribed, suppressed, no address); 'Sent' leaves them out. */
  count_not_sent: z.number().int(),
  open_count: z.number().int(),
  total_count: z.number().int(),
});
export type CampaignCounts = z.infer<typeof campaignCountsSchema>;

const json = z.record(z.string(), z.unknown());

export const campaignScheduleSchema = z
  .object({ next_run_time: z.string().nullable().optional() })
  .catchall(z.unknown());

export const campaignSchema = z.object({
  campaign_id: z.string(),
  name: z.string(),
  campaign_context: campaignContextSchema,
  draft: z.boolean(),
  active: z.boolean(),
  version: z.number().int(),
  created_by: userSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  activated_at: z.string().nullable(),
  deactivated_at: z.string().nullable(),
  flow: json.nullable(),
  dynamic_list: json.nullable(),
  schedule: campaignScheduleSchema.nullable(),
  rule: json.nullable(),
  draft_data: json.nullable(),
  counts: campaignCountsSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

const campaignId = z.object({ campaign_id: z.uuid({ error: campaignMessages.notFound }) });
const path = (p: string) => `/campaigns${p}`;

export const campaignSearchFieldSchema = z.enum(['name']);

export const campaignsListContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/list'),
  access: 'bearer',
  /** Newest change first; `keyword` matches the name, case-insensitively. */
  request: pageRequestSchema.extend({ query: searchQuerySchema(campaignSearchFieldSchema) }),
  response: pageInfoSchema.extend({ records: z.array(campaignSchema) }),
});

/** Every campaign of the organisation, newest change first (pickers such as list membership). */
export const campaignsListAllContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/list.all'),
  access: 'bearer',
  request: emptyRequest,
  response: z.object({ records: z.array(campaignSchema) }),
});

export const campaignGetContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/get'),
  access: 'bearer',
  request: campaignId,
  response: z.object({ campaign: campaignSchema }),
});

/** Renames a campaign. */
export const campaignUpdateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/update'),
  access: 'bearer',
  request: campaignId.extend({ name: campaignNameSchema }),
  response: z.object({ campaign: campaignSchema }),
});

export const campaignDeleteContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/delete'),
  access: 'bearer',
  request: campaignId,
  response: z.object({ success: z.literal(true) }),
});

/** decisions.md: a new campaign is stored active and not draft. */
export const campaignCreateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/create'),
  access: 'bearer',
  request: z.object({
    name: campaignNameSchema,
    campaign_context: campaignContextSchema.default('person'),
  }),
  response: z.object({ campaign: campaignSchema }),
});

/** Copies a campaign with its dynamic list and workflow; named `name`, by default '{name}-clone'. */
export const campaignCloneContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/campaign.clone'),
  access: 'bearer',
  request: campaignId.extend({ name: campaignNameSchema.optional() }),
  response: z.object({ campaign: campaignSchema }),
});

/** Spec 2: the clone dialog's default name. */
export const cloneCampaignName = (name: string) => `${name}-clone`.slice(0, CAMPAIGN_NAME_MAX);
