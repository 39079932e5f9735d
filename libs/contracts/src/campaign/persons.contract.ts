import { z } from 'zod';
import {
  dateBoundSchema,
  dateRangeInOrder,
  dateRangeIssue,
  filterDateTime,
  windowInOrder,
  windowIssue,
} from '../http/time-window';
import { defineEndpoint } from '../http/endpoint';
import { cappedTotalShape, pageOf, pageRequestSchema } from '../http/pagination';
import {
  contactMessages,
  EMAIL_MAX_LENGTH,
  fieldPattern,
  personFieldRules,
  personFieldSchema,
} from './person-fields';

export const contactEmailSchema = z
  .string({ error: contactMessages.validEmailRequired })
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: contactMessages.validEmailRequired })
  .regex(fieldPattern(personFieldRules.emailPattern), { error: contactMessages.validEmailRequired });

export const campaignContextSchema = z.enum(['person', 'org']);
export type CampaignContext = z.infer<typeof campaignContextSchema>;

export const fieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const personFieldWithValueSchema = personFieldSchema.extend({ value: fieldValueSchema });

const personId = z.object({ person_id: z.uuid({ error: 'Invalid person id' }) });
/** A campaign-metrics window out of order, worded as the other services' time windows. */
export const ACTIVITY_RANGE_INVALID = 'End time must be after the start time';
/** Spec 2 'date-added filter': a day (read in UTC) or, as the screen sends them, instants. */
const dateFilter = {
  start_date: dateBoundSchema.optional(),
  end_date: dateBoundSchema.optional(),
};

/** A row of the contacts list: the listed columns, keyed by field name. */
export const personRowSchema = z
  .object({ id: z.string(), email: z.string(), _created_time: z.string() })
  .catchall(fieldValueSchema);

export const personListContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/person.list',
  access: 'bearer',
  request: pageRequestSchema
    .extend({
      keyword: z.string().trim().max(254).optional(),
      /** Field names to return; default the list's columns. Unknown names are refused. */
      columns: z.array(z.string().max(100)).max(200).optional(),
      ...dateFilter,
    })
    .refine(dateRangeInOrder, dateRangeIssue),
  response: pageOf(personRowSchema).extend(cappedTotalShape),
});

export const personCreateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/person.create',
  access: 'bearer',
  request: z.object({ email: contactEmailSchema }),
  response: z.object({ success: z.literal(true), person_id: z.string() }),
});

export const personSchema = z.object({
  id: z.string(),
  email: z.string(),
  org_id: z.string().nullable(),
  product_user_id: z.string().nullable(),
  unsubscribed: z.boolean(),
  _created_time: z.string(),
  _updated_time: z.string(),
  default_fields: z.array(personFieldWithValueSchema),
  custom_fields: z.array(personFieldWithValueSchema),
});
export type Person = z.infer<typeof personSchema>;

export const personGetContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/person.get',
  access: 'bearer',
  request: personId,
  response: z.object({ person: personSchema }),
});

const fieldValues = z.record(z.string(), fieldValueSchema);
export const personUpdateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/person.update',
  access: 'bearer',
  request: personId.extend({
    default_fields: fieldValues.default({}),
    custom_fields: fieldValues.default({}),
    /** Spec 7 lists email beside the fields: the new email, as default_fields.email is. */
    email: fieldValueSchema.optional(),
  }),
  response: z.object({ person: personSchema }),
});

export const personRemoveContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/person.remove',
  access: 'bearer',
  request: z.object({ contact_id: z.uuid({ error: 'Invalid contact id' }), email: z.string().trim() }),
  response: z.object({ success: z.literal(true) }),
});

export const personUnsubscribeStatusContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/person.unsubscribe.status',
  access: 'bearer',
  request: personId,
  response: z.object({ unsubscribed: z.boolean() }),
});

export const personUnsubscribeToggleContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/person.unsubscribe.toggle',
  access: 'bearer',
  request: personId,
  response: z.object({ unsubscribed: z.boolean() }),
});

export const personLookupRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  org_id: z.string().nullable(),
  product_user_id: z.string().nullable(),
  campaign_context: campaignContextSchema,
});
export type PersonLookupRow = z.infer<typeof personLookupRowSchema>;

/** Finds who receives as `email`: the contact (person context) or its product users (org context). */
export const personLookupContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/person.lookup',
  access: 'bearer',
  request: z.object({
    email: z.string().trim().max(254),
    campaign_context: campaignContextSchema.default('person'),
  }),
  response: z.object({ rows: z.array(personLookupRowSchema) }),
});

export const productPersonSchema = z.object({
  id: z.string(),
  person_id: z.string().nullable(),
  email: z.string(),
  org_id: z.string(),
  product_user_id: z.string().nullable(),
  user_properties: z.record(z.string(), z.unknown()),
});

export const personProductUserListContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/person.product-user.list',
  access: 'bearer',
  request: pageRequestSchema.extend(personId.shape),
  response: pageOf(productPersonSchema),
});

export const marketingActivitySchema = z.object({
  event: z.string(),
  timestamp: z.string(),
  template_name: z.string().nullable(),
  campaign_name: z.string().nullable(),
  context: z.string().nullable(),
  correlation_id: z.string().nullable(),
});
export const productActivitySchema = z.object({
  event_name: z.string(),
  event_date: z.string(),
  event_properties: z.record(z.string(), z.unknown()),
  user_id: z.string().nullable(),
  org_id: z.string().nullable(),
});

export const personActivitiesContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/person.activities',
  access: 'bearer',
  request: pageRequestSchema.extend({
    ...personId.shape,
    activity_type: z.enum(['marketing', 'product']).default('marketing'),
  }),
  response: pageOf(z.union([marketingActivitySchema, productActivitySchema])),
});

export const emailActivitySchema = z.object({
  email: z.string(),
  campaign_id: z.string().nullable(),
  /** The campaign's name now (null once it is deleted) and the subject the message went out with. */
  campaign_name: z.string().nullable(),
  subject: z.string().nullable(),
  correlation_id: z.string().nullable(),
  sent_date: z.string(),
  unique_open_count: z.number().int(),
  unique_click_count_by_url: z.number().int(),
  urls: z.array(z.string()),
  error_text: z.string().nullable(),
  reason: z.string().nullable(),
  unsub_time: z.string().nullable(),
});

export const personCampaignMetricsContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/person.campaign-metrics',
  access: 'bearer',
  request: pageRequestSchema
    .extend({
      ...personId.shape,
      start_time: filterDateTime('Invalid date').optional(),
      end_time: filterDateTime('Invalid date').optional(),
    })
    .refine(windowInOrder, windowIssue(ACTIVITY_RANGE_INVALID)),
  response: pageOf(emailActivitySchema),
});

export const personEmailSentContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/person.email-sent',
  access: 'bearer',
  request: pageRequestSchema.extend({ ...personId.shape, correlation_id: z.string().max(200).optional() }),
  response: pageOf(emailActivitySchema),
});

/** Marketing persons (contacts and leads) with this email, by source. */
export const marketingPersonListContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/marketing-person.list',
  access: 'bearer',
  request: pageRequestSchema.extend({
    email: z.string().trim().max(254),
    source: z.string().max(50).optional(),
  }),
  response: pageOf(personRowSchema.extend({ source: z.string() })),
});

export const personOrgMappingSchema = z.enum(['one_to_none', 'one_to_one', 'many_to_many']);

export const settingsGetContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/settings/get',
  access: 'bearer',
  request: z.object({}).passthrough(),
  response: z.object({
    settings: z.object({
      person_org_mapping: personOrgMappingSchema,
      /** The global email configuration; null until it is set (its own issue). */
      email: z
        .object({ from_email: z.object({ name: z.string(), email: z.string() }), reply_to: z.string() })
        .nullable(),
    }),
  }),
});
