import { z } from 'zod';
import type { PersonFieldType } from './person-fields';

/**
 * The dynamic list query (spec 3 "Dynamic list query"): outer groups, each with a name, a connector
 * to the group before it and children. The builder, the compiler to SQL, the in-memory evaluator of
 * the tests and the publish check all read this one shape.
 *
 * Meaning, as the compiler and the evaluator implement it:
 * - Items join their previous sibling with their own `connector` ('and' | 'or'); the first item's
 *   connector is blank. AND binds tighter than OR, as when the items are written out in one line.
 * - An outer group matches a person when its children match; an outer group with no children and
 *   the operator 'all' matches everyone in the campaign's context.
 * - person: a leaf compares a person field (`filter`, a default or custom field) using `operator`
 *   and `value`; an inner group of person leaves is a parenthesis.
 * - product_activity: an inner group whose `filter` is the event name. Its leaves are property rows
 *   (`filter` 'property', `property` the event property), at most one frequency row (`filter`
 *   'frequency', operator exactly | at_least | at_most, value [n]) and at most one time frame row.
 *   The person's events of that name passing the property rows and the time frame are counted and
 *   compared with the frequency (at_least 1 when there is no frequency row).
 * - marketing_activity: an inner group whose `filter` is the email event. Its leaves are 'campaign',
 *   'template', 'link_clicked' (clicks only) and 'time_frame' rows (property always null), at most
 *   one frequency row; counted like product activity.
 * - list_membership: a leaf, `filter` 'static_list' or 'campaign', operator in | not_in, value ids.
 * - org_membership (org context only): a leaf, `filter` 'org_id', operator in | not_in, value ids.
 */

/** Spec 5 "Dynamic list", word for word (plus ours where the spec has none). */
export const audienceMessages = {
  empty: 'Dynamic List is empty',
  outerGroupEmpty: 'Outer group cannot be empty',
  filterGroupEmpty: 'Filter group cannot be empty',
  invalidValues: 'Invalid values',
  someFieldsInvalid: 'Some fields are invalid',
  // Ours: the spec bounds group names at 100 characters without a message.
  groupNameTooLong: 'Group name must be at most 100 characters',
  // Ours: bounds the spec leaves open, so no request can make the server work without end.
  tooDeep: 'Filters can be nested at most 4 levels deep',
  tooManyItems: 'A dynamic list can hold at most 1000 filters',
} as const;

export const AUDIENCE_GROUP_NAME_MAX = 100;
/** Spec 9: the preview shows at most 20 rows. */
export const AUDIENCE_PREVIEW_LIMIT = 20;
/** Bounds on what one query may hold, so no request can make the compiler or the database work without end. */
export const AUDIENCE_MAX_ITEMS = 200;
/** Levels of items below an outer group: a leaf of a group inside a group inside the outer group is 3. */
export const AUDIENCE_MAX_DEPTH = 4;
/** Items (filters and groups) in one whole query, outer groups not counted. */
export const AUDIENCE_MAX_TOTAL_ITEMS = 1000;

const canonicalFilterType: Record<string, string> = {
  internal_product_activity: 'product_activity',
  list_memberships: 'list_membership',
};
/** Spec 3 names two kinds twice; both spellings are accepted and stored canonically. */
export const audienceFilterTypeSchema = z.preprocess(
  (value) => (typeof value === 'string' ? (canonicalFilterType[value] ?? value) : value),
  // Spec 8: 'Invalid Filter Type'.
  z.enum(['person', 'product_activity', 'marketing_activity', 'list_membership', 'org_membership'], {
    error: 'Invalid Filter Type',
  }),
);
export type AudienceFilterType = z.infer<typeof audienceFilterTypeSchema>;

export const audienceConnectorSchema = z.preprocess(
  (value) => (value === null || value === undefined ? '' : value),
  z.enum(['and', 'or', '']),
);
export type AudienceConnector = z.infer<typeof audienceConnectorSchema>;

export const audienceValueSchema = z
  .array(z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]))
  .max(1000)
  .default([]);

/** The email events a marketing activity group counts. */
export const marketingEventSchema = z.enum([
  'sent',
  'delivered',
  'opened',
  'clicked',
  'bounced',
  'unsubscribed',
  'spam_reported',
]);
export type MarketingEvent = z.infer<typeof marketingEventSchema>;

/** The rows an activity group holds besides property rows. */
export const activityRowKinds = [
  'property',
  'frequency',
  'time_frame',
  'campaign',
  'template',
  'link_clicked',
] as const;

export interface AudienceLeaf {
  type: 'filter';
  filter_type: AudienceFilterType;
  filter: string;
  property?: string | null;
  operator: string;
  value: (string | number | boolean | null)[];
  connector: AudienceConnector;
  validation_error?: string | null;
}
export interface AudienceGroup {
  type: 'group';
  filter_type: AudienceFilterType;
  /** The event name of an activity group; unused by person groups. */
  filter?: string | null;
  connector: AudienceConnector;
  children: AudienceItem[];
  validation_error?: string | null;
}
export type AudienceItem = AudienceLeaf | AudienceGroup;
export interface AudienceOuterGroup {
  type: 'group';
  name: string;
  connector: AudienceConnector;
  operator?: 'all' | null;
  children: AudienceItem[];
  validation_error?: string | null;
}

const text = (max: number) => z.string().max(max);
const leafSchema = z.object({
  type: z.literal('filter'),
  filter_type: audienceFilterTypeSchema,
  filter: text(200),
  property: text(200).nullish(),
  operator: text(50),
  value: audienceValueSchema,
  connector: audienceConnectorSchema,
  validation_error: text(200).nullish(),
});
export const audienceItemSchema: z.ZodType<AudienceItem> = z.lazy(() =>
  z.union([
    leafSchema,
    z.object({
      type: z.literal('group'),
      filter_type: audienceFilterTypeSchema,
      filter: text(200).nullish(),
      connector: audienceConnectorSchema,
      children: z.array(audienceItemSchema).max(AUDIENCE_MAX_ITEMS),
      validation_error: text(200).nullish(),
    }),
  ]),
) as z.ZodType<AudienceItem>;

/** The shape is checked on every call; whether it is complete is `audienceQueryErrors`' job. */
export const audienceOuterGroupSchema = z.object({
  type: z.literal('group').default('group'),
  name: text(1000).default(''),
  connector: audienceConnectorSchema,
  operator: z.enum(['all']).nullish(),
  children: z.array(audienceItemSchema).max(AUDIENCE_MAX_ITEMS).default([]),
  validation_error: text(200).nullish(),
});
/**
 * The query's depth and size, measured without recursion before the recursive schema reads it: a
 * deeply nested body would otherwise overflow the parser's stack, and a wide one would bind more
 * parameters than Postgres takes in one statement. Both are refused as a field error.
 */
function boundQuerySize(conditions: unknown, ctx: z.RefinementCtx): unknown {
  if (!Array.isArray(conditions)) return conditions;
  const stack: { value: unknown; depth: number }[] = conditions.map((value) => ({ value, depth: 0 }));
  let items = 0;
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    const children =
      value !== null && typeof value === 'object' ? (value as { children?: unknown }).children : null;
    if (!Array.isArray(children) || children.length === 0) continue;
    if (depth + 1 > AUDIENCE_MAX_DEPTH) {
      ctx.addIssue({ code: 'custom', message: audienceMessages.tooDeep, input: conditions });
      return conditions;
    }
    items += children.length;
    if (items > AUDIENCE_MAX_TOTAL_ITEMS) {
      ctx.addIssue({ code: 'custom', message: audienceMessages.tooManyItems, input: conditions });
      return conditions;
    }
    for (const child of children) stack.push({ value: child, depth: depth + 1 });
  }
  return conditions;
}

export const audienceQuerySchema = z.object({
  conditions: z.preprocess(boundQuerySize, z.array(audienceOuterGroupSchema).max(50).default([])),
});
export type AudienceQuery = { conditions: AudienceOuterGroup[] };

const blankFirst = <T extends { connector: AudienceConnector }>(items: readonly T[]): T[] =>
  items.map((item, i) =>
    i === 0 ? { ...item, connector: '' } : item.connector ? item : { ...item, connector: 'and' },
  );

function blankItem(item: AudienceItem): AudienceItem {
  return item.type === 'group' ? { ...item, children: blankFirst(item.children).map(blankItem) } : item;
}

/**
 * The query as it is sent and stored (spec 4: the first item's connector is blanked before
 * sending): every first item's connector blank, the others 'and' or 'or'.
 */
export function withFirstConnectorsBlank(query: AudienceQuery): AudienceQuery {
  return {
    conditions: blankFirst(query.conditions).map((group) => ({
      ...group,
      children: blankFirst(group.children).map(blankItem),
    })),
  };
}

/** Operators that compare with nothing, so their value may be empty. */
export const AUDIENCE_ZERO_ARGUMENT_OPERATORS: readonly string[] = [
  'is_empty',
  'is_not_empty',
  'is_true',
  'is_false',
];

/** GET operators: what each field type offers, in the builder's order. */
export const audienceOperators: Record<PersonFieldType, readonly string[]> = {
  string: [
    'equals',
    'not_equals',
    'contains',
    'not_contains',
    'starts_with',
    'ends_with',
    'in',
    'not_in',
    'is_empty',
    'is_not_empty',
  ],
  integer: [
    'equals',
    'not_equals',
    'greater_than',
    'less_than',
    'greater_or_equal',
    'less_or_equal',
    'between',
    'is_empty',
    'is_not_empty',
  ],
  float: [
    'equals',
    'not_equals',
    'greater_than',
    'less_than',
    'greater_or_equal',
    'less_or_equal',
    'between',
    'is_empty',
    'is_not_empty',
  ],
  boolean: ['is_true', 'is_false', 'is_empty', 'is_not_empty'],
  datetime: [
    'before',
    'after',
    'between',
    'on',
    'in_last_days',
    'not_in_last_days',
    'is_empty',
    'is_not_empty',
  ],
};
/** Spec 5: frequency defaults to exactly 0. */
export const frequencyOperators = ['exactly', 'at_least', 'at_most'] as const;
export const timeFrameOperators = ['in_last_days', 'before', 'after', 'between'] as const;
export const membershipOperators = ['in', 'not_in'] as const;
/** Operators taking two values (a range), the others one or a list (in / not_in). */
export const AUDIENCE_RANGE_OPERATORS: readonly string[] = ['between'];

const hasValue = (operator: string, value: readonly unknown[]) =>
  AUDIENCE_ZERO_ARGUMENT_OPERATORS.includes(operator) ||
  value.some((item) => item !== null && String(item).trim() !== '');

/** A leaf's problem, or null: spec 5 'Invalid values' (activity property rows by group kind). */
export function audienceLeafError(leaf: AudienceLeaf, parent?: AudienceGroup): string | null {
  if (!leaf.operator || !hasValue(leaf.operator, leaf.value)) return audienceMessages.invalidValues;
  if (parent?.filter_type === 'product_activity' && leaf.filter === 'property' && !leaf.property?.trim())
    return audienceMessages.invalidValues;
  if (parent?.filter_type === 'marketing_activity' && leaf.property) return audienceMessages.invalidValues;
  if (!leaf.filter.trim()) return audienceMessages.invalidValues;
  return null;
}

/**
 * Every problem of a query, keyed by the item's path ('0', '0.children.1', ...), with spec 5's
 * messages; empty when the query can be previewed, counted and published.
 */
export function audienceQueryErrors(query: {
  conditions?: readonly AudienceOuterGroup[] | null;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  const conditions = query.conditions ?? [];
  if (conditions.length === 0) errors[''] = audienceMessages.empty;
  const visit = (item: AudienceItem, path: string, parent?: AudienceGroup) => {
    if (item.type === 'filter') {
      const error = audienceLeafError(item, parent);
      if (error) errors[path] = error;
      return;
    }
    if (item.children.length === 0) errors[path] = audienceMessages.filterGroupEmpty;
    else if (item.filter_type !== 'person' && !item.filter?.trim())
      errors[path] = audienceMessages.invalidValues;
    item.children.forEach((child, index) => visit(child, `${path}.children.${index}`, item));
  };
  conditions.forEach((group, index) => {
    const path = String(index);
    if (group.name.length > AUDIENCE_GROUP_NAME_MAX) errors[path] = audienceMessages.groupNameTooLong;
    else if (group.children.length === 0 && group.operator !== 'all')
      errors[path] = audienceMessages.outerGroupEmpty;
    group.children.forEach((child, childIndex) => visit(child, `${path}.children.${childIndex}`));
  });
  return errors;
}

/** How the builder and the branch steps name each operator (read as 'Email contains ...'). */
export const audienceOperatorLabels: Record<string, string> = {
  equals: 'is',
  not_equals: 'is not',
  contains: 'contains',
  not_contains: 'does not contain',
  starts_with: 'starts with',
  ends_with: 'ends with',
  in: 'is any of',
  not_in: 'is none of',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
  greater_than: 'greater than',
  less_than: 'less than',
  greater_or_equal: 'at least',
  less_or_equal: 'at most',
  between: 'between',
  is_true: 'is true',
  is_false: 'is false',
  before: 'before',
  after: 'after',
  on: 'on',
  in_last_days: 'in the last (days)',
  not_in_last_days: 'not in the last (days)',
  exactly: 'exactly',
  at_least: 'at least',
  at_most: 'at most',
};
