import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../http/endpoint';
import { formulaOperators } from './flow-conditions';
import { personFieldTypeSchema } from './person-fields';
import { campaignContextSchema } from './persons.contract';
import {
  audienceFilterTypeSchema,
  audienceOperators,
  audienceQuerySchema,
  frequencyOperators,
  marketingEventSchema,
  membershipOperators,
  timeFrameOperators,
} from './audience-query';

/**
 * Spec 7 "Dynamic list" and the static list query calls. A query that `audienceQueryErrors` finds
 * fault with is refused with the section 8 body: code ValidationException, description
 * 'Some fields are invalid', and `fields` keyed by the item's request path
 * ('query.conditions' for the whole list, 'query.conditions.0.children.1' for an item), each with
 * the spec 5 message. Campaign and static list ids of another organisation are 404.
 */

const path = (p: string) => `/campaigns/dynamic-list${p}`;
const campaignNotFound = 'Campaign details not available';

/** Where an audience error sits in the request body, from an `audienceQueryErrors` key. */
export const audienceErrorField = (key: string) => (key ? `query.conditions.${key}` : 'query.conditions');

/** A person field the person filter offers: default fields first, then the organisation's custom fields. */
export const audienceFieldSchema = z.object({
  name: z.string(),
  display: z.string(),
  type: personFieldTypeSchema,
  custom: z.boolean(),
});
export type AudienceField = z.infer<typeof audienceFieldSchema>;

export const audienceTableDescriptionContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/table/description'),
  access: 'bearer',
  request: z.object({ campaign_context: campaignContextSchema.default('person') }),
  response: z.object({ columns: z.array(audienceFieldSchema) }),
});

/**
 * One choice of a filter kind. `value` is what the leaf stores: a field name (person), an event
 * name (product_activity, marketing_activity), a static list or campaign id (list_membership, with
 * `kind` saying which: the leaf's `filter`), an org id (org_membership). `type` is set for fields.
 */
export const audienceFilterChoiceSchema = z.object({
  value: z.string(),
  label: z.string(),
  type: personFieldTypeSchema.nullable(),
  kind: z.enum(['static_list', 'campaign']).nullable(),
});
export type AudienceFilterChoice = z.infer<typeof audienceFilterChoiceSchema>;

/**
 * The choices of a filter kind. list_membership offers the static lists and the campaigns that
 * were ever activated or deactivated, never `campaign_id` itself (the campaign being edited).
 */
export const audienceFiltersListContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/filter-type/filters.list'),
  access: 'bearer',
  request: z.object({
    filter_type: audienceFilterTypeSchema,
    campaign_context: campaignContextSchema.default('person'),
    campaign_id: z.uuid({ error: campaignNotFound }).optional(),
  }),
  response: z.object({ filters: z.array(audienceFilterChoiceSchema) }),
});

/** Spec 9: event names are fetched 10000 at most (1000 for an existing list). */
export const AUDIENCE_EVENTS_MAX_RESULT = 10000;

/** The organisation's distinct product event names, alphabetical; `keyword` matches case-insensitively. */
export const audienceEventsContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/entity/events'),
  access: 'bearer',
  request: z.object({
    keyword: z.string().trim().max(200).optional(),
    max_result: z.number().int().min(1).max(AUDIENCE_EVENTS_MAX_RESULT).default(AUDIENCE_EVENTS_MAX_RESULT),
  }),
  response: z.object({ rows: z.array(z.object({ event_name: z.string() })) }),
});

/**
 * The property names seen on an event, with the type their stored jsonb values suggest (numbers
 * 'float' or 'integer', booleans 'boolean', ISO date strings 'datetime', otherwise 'string').
 */
export const audienceEventPropertiesContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/entity/event-properties'),
  access: 'bearer',
  request: z.object({ event_name: z.string().trim().min(1, { error: 'Event is required' }).max(200) }),
  response: z.object({ properties: z.array(z.object({ name: z.string(), type: personFieldTypeSchema })) }),
});

export const audienceOperatorsContract = defineEndpoint({
  service: 'campaign',
  method: 'GET',
  path: path('/operators'),
  access: 'bearer',
  request: emptyRequest,
  response: z.object({
    /** By field type, in the builder's order (`audienceOperators`). */
    operators: z.record(personFieldTypeSchema, z.array(z.string())),
    frequency: z.array(z.string()),
    time_frame: z.array(z.string()),
    membership: z.array(z.string()),
  }),
});

/** The answer of GET operators: the same lists the contracts hold. */
export const audienceOperatorsBody = () => ({
  operators: Object.fromEntries(
    Object.entries(audienceOperators).map(([type, list]) => [type, [...list]]),
  ) as Record<z.infer<typeof personFieldTypeSchema>, string[]>,
  frequency: [...frequencyOperators],
  time_frame: [...timeFrameOperators],
  membership: [...membershipOperators],
});

/** The formula operators of the update step. */
export const audienceComputeOperatorsContract = defineEndpoint({
  service: 'campaign',
  method: 'GET',
  path: path('/operators.compute'),
  access: 'bearer',
  request: emptyRequest,
  response: z.object({ operators: z.array(z.enum(formulaOperators)) }),
});

export const audienceMarketingActivitiesContract = defineEndpoint({
  service: 'campaign',
  method: 'GET',
  path: path('/marketing-activities'),
  access: 'bearer',
  request: emptyRequest,
  response: z.object({ marketing_activity: z.array(marketingEventSchema) }),
});

/** A previewed person; in the org context one row per person and org. */
export const audienceRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_name: z.string().nullable(),
  product_user_id: z.string().nullable(),
  org_id: z.string().nullable(),
});
export type AudienceRow = z.infer<typeof audienceRowSchema>;

/** Spec 9: at most 20 rows (AUDIENCE_PREVIEW_LIMIT), by email; 'Previewing X of Y people'. */
export const audienceListSchema = z.object({
  audience_list: z.object({
    rows: z.array(audienceRowSchema),
    total_count: z.object({ count: z.number().int() }),
  }),
});
export type AudienceList = z.infer<typeof audienceListSchema>;

export const audiencePreviewContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/preview'),
  access: 'bearer',
  request: z.object({
    query: audienceQuerySchema,
    campaign_context: campaignContextSchema.default('person'),
  }),
  response: audienceListSchema,
});

/**
 * How many the campaign's dynamic list selects: its working copy (draft_data.dynamic_list ??
 * dynamic_list), or `query` when given (the builder's unsaved list), in the campaign's context.
 */
export const audienceCountContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/count'),
  access: 'bearer',
  request: z.object({
    campaign_id: z.uuid({ error: campaignNotFound }),
    query: audienceQuerySchema.optional(),
  }),
  response: z.object({ count: z.number().int() }),
});

/** Campaigns whose working copy has a dynamic list, by name. */
export const dynamicListsAllContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/assets/dynamic-list/list.all',
  access: 'bearer',
  request: emptyRequest,
  response: z.object({ records: z.array(z.object({ campaign_id: z.string(), name: z.string() })) }),
});

/** The people a query would add to a static list (person context). */
export const staticListQueryPreviewContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/assets/static-list/contacts/query.preview',
  access: 'bearer',
  request: z.object({ query: audienceQuerySchema }),
  response: audienceListSchema,
});

/** Adds the query's people to the list; `inserted` counts the ones not already in it. */
export const staticListQueryInsertContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/assets/static-list/contacts/query.insert',
  access: 'bearer',
  request: z.object({
    static_list_id: z.uuid({ error: 'Invalid static list id' }),
    query: audienceQuerySchema,
  }),
  response: z.object({ inserted: z.number().int() }),
});
