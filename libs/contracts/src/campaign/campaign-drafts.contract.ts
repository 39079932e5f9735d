import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { audienceQuerySchema } from './audience-query';
import { campaignMessages, campaignSchema } from './campaigns.contract';
import type { PublishErrors } from './flow-publish';
import { ruleSchema } from './rule';
import { scheduleSchema } from './schedule';

/**
 * Spec 2 "Edit page", 5 "Publish" and 9: the draft the editor autosaves, its server-side check,
 * publishing it and reopening an active campaign for edits. The flow is not saved here: the
 * flow/action calls own draft_data.flow.
 */

/** Spec 9: another user's draft save within this window shows the 'Data override warning'. */
export const CONCURRENT_EDIT_WINDOW_MS = 60_000;

/** Spec 2 and 4 texts, word for word, plus ours where the spec names a dialog without its text. */
export const campaignDraftMessages = {
  saving: 'Saving...',
  saved: 'Saved',
  published: 'Published',
  publishedActive: 'Campaign published as active',
  publishedInactive: 'Campaign published as inactive',
  publishAsActive: 'Publish as Active Campaign',
  publishAsInactive: 'Publish as Inactive Campaign',
  editCampaign: 'Edit campaign',
  editActiveTitle: 'Edit active campaign',
  editActiveText: 'Editing an Active Campaign would pause the current run. Do you want to continue?',
  leaveTitle: 'Are you sure you want to leave this page ?',
  continueEditing: 'Continue Editing',
  discardChanges: 'Discard Changes',
  overrideTitle: 'Data override warning',
  // Ours: the spec names the warning, not its text; `{name}` is the other user.
  overrideText: (name: string) =>
    `${name} changed this campaign's draft in the last minute. Your changes may overwrite theirs.`,
} as const;

const campaignId = z.object({ campaign_id: z.uuid({ error: campaignMessages.notFound }) });
const path = (p: string) => `/campaigns${p}`;
const author = z.object({ id: z.string(), name: z.string() });

/**
 * A schedule as draft.save takes it: spec 3 names its campaign_id, which must then be the call's
 * own (another is not found); it is not stored (a campaign's answer carries it, see `toCampaign`).
 */
const draftScheduleSchema = scheduleSchema
  .extend({ campaign_id: z.uuid({ error: campaignMessages.notFound }).nullish() })
  .strict();

/** The parts of a draft draft.save takes; each is checked by its own bounded shape. */
export const draftPartsSchema = z
  .object({
    dynamic_list: z.object({ query: audienceQuerySchema }).strict().nullish(),
    schedule: draftScheduleSchema.nullish(),
    rule: ruleSchema.strict().nullish(),
  })
  .strict();
export type DraftParts = z.infer<typeof draftPartsSchema>;

/** Merges the given parts into draft_data and marks the campaign draft. */
export const campaignDraftSaveContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/draft.save'),
  access: 'bearer',
  request: campaignId.extend({ draft: draftPartsSchema }),
  response: z.object({
    draft: z.object({
      updated_by: author,
      updated_at: z.string(),
      /** Another user saved this draft within the last minute: who, for the warning. */
      warning: z.object({ updated_by: author, updated_at: z.string() }).nullable(),
    }),
    campaign: campaignSchema,
  }),
});

export const publishErrorsSchema = z.object({
  dynamic_list: z.string().optional(),
  flow: z.string().optional(),
  schedule: z.string().optional(),
  rule: z.string().optional(),
}) satisfies z.ZodType<PublishErrors>;

/** What stops the working copy from being published; `valid` when nothing does. */
export const campaignDraftValidateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/draft.validate'),
  access: 'bearer',
  request: campaignId,
  response: z.object({ valid: z.boolean(), errors: publishErrorsSchema }),
});

/**
 * Publishes the working copy live as active or inactive. An invalid one is refused with the
 * section 8 body: ValidationException, description 'Campaign publish failed' and `fields` keyed
 * dynamic_list / flow / schedule / rule, each with its one message.
 */
export const campaignPublishContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/publish'),
  access: 'bearer',
  request: campaignId.extend({ active: z.boolean({ error: 'Select an option' }) }),
  response: z.object({ campaign: campaignSchema }),
});

/** Publishes the draft keeping the campaign's active flag; refused like /publish. */
export const campaignDraftPublishContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/draft.publish'),
  access: 'bearer',
  request: campaignId,
  response: z.object({ campaign: campaignSchema }),
});

/** 'Edit campaign' confirmed: an active campaign stops (inactive, deactivated now) and is editable. */
export const campaignEditStartContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/edit.start'),
  access: 'bearer',
  request: campaignId,
  response: z.object({ campaign: campaignSchema }),
});
