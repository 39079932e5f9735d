import {
  AUDIENCE_RANGE_OPERATORS,
  AUDIENCE_ZERO_ARGUMENT_OPERATORS,
  audienceOperators,
  audienceQueryErrors,
  type AudienceConnector,
  type AudienceFilterType,
  type AudienceGroup,
  type AudienceItem,
  type AudienceLeaf,
  type AudienceOuterGroup,
  type AudienceQuery,
  type PersonFieldType,
  withFirstConnectorsBlank,
} from '@meridian/contracts';

/**
 * The query builder's state rules, as pure functions over the contract's query shape: the
 * builder renders the query and every edit goes through one of these, so the clearing rules
 * (event -> its property rows, campaign -> template) and connector blanking are tested here.
 *
 * An item is addressed by its index path: [outer group, child, grandchild].
 */
export type ItemPath = readonly number[];

/** The key `audienceQueryErrors` uses for an item: '0', '0.children.1', ... */
export const pathKey = (path: ItemPath) => path.join('.children.');

export type ActivityRowKind =
  'property' | 'frequency' | 'time_frame' | 'campaign' | 'template' | 'link_clicked';
export type AddableKind =
  'person' | 'product_activity' | 'marketing_activity' | 'list_membership' | 'org_membership';

export const emptyQuery = (): AudienceQuery => ({ conditions: [] });

export function newOuterGroup(position: number): AudienceOuterGroup {
  return {
    type: 'group',
    name: `Group ${position + 1}`,
    connector: position === 0 ? '' : 'and',
    children: [],
  };
}

const leaf = (
  filter_type: AudienceFilterType,
  filter: string,
  operator: string,
  value: AudienceLeaf['value'] = [],
): AudienceLeaf => ({
  type: 'filter',
  filter_type,
  filter,
  property: null,
  operator,
  value,
  connector: 'and',
});

/** A new item of a kind, as the 'Add filter' menu adds it. */
export function newItem(kind: AddableKind): AudienceItem {
  switch (kind) {
    case 'person':
      return leaf('person', '', '');
    case 'product_activity':
    case 'marketing_activity':
      return { type: 'group', filter_type: kind, filter: '', connector: 'and', children: [] };
    case 'list_membership':
      return leaf('list_membership', 'static_list', 'in');
    case 'org_membership':
      return leaf('org_membership', 'org_id', 'in');
  }
}

/** Spec 5: frequency defaults to exactly 0; a time frame to the last 30 days. */
export function newActivityRow(kind: ActivityRowKind, parent: AudienceGroup): AudienceLeaf {
  const type = parent.filter_type;
  switch (kind) {
    case 'frequency':
      return leaf(type, 'frequency', 'exactly', [0]);
    case 'time_frame':
      return leaf(type, 'time_frame', 'in_last_days', [30]);
    case 'property':
      return { ...leaf(type, 'property', ''), property: '' };
    case 'campaign':
    case 'template':
    case 'link_clicked':
      return leaf(type, kind, 'in');
  }
}

/** Rows a group may hold once: time frame, link clicked and frequency. */
const ONCE_PER_GROUP: readonly string[] = ['frequency', 'time_frame', 'link_clicked'];

/** Whether the group's 'Add' menu offers a row, and why not when it does not. */
export function canAddRow(group: AudienceGroup, kind: ActivityRowKind): boolean {
  const event = group.filter?.trim() ?? '';
  if (ONCE_PER_GROUP.includes(kind) && group.children.some((c) => c.type === 'filter' && c.filter === kind))
    return false;
  if (kind === 'property') return group.filter_type === 'product_activity' && event !== '';
  if (kind === 'link_clicked') return group.filter_type === 'marketing_activity' && event === 'clicked';
  if (kind === 'campaign' || kind === 'template') return group.filter_type === 'marketing_activity';
  return true;
}

function mapChildren(
  items: AudienceItem[],
  path: ItemPath,
  update: (item: AudienceItem) => AudienceItem | null,
) {
  const [index, ...rest] = path;
  const next: AudienceItem[] = [];
  items.forEach((item, i) => {
    if (i !== index) return next.push(item);
    if (rest.length === 0) {
      const changed = update(item);
      if (changed) next.push(changed);
      return;
    }
    if (item.type !== 'group') return next.push(item);
    next.push({ ...item, children: mapChildren(item.children, rest, update) });
  });
  return next;
}

/** Replaces (or, when `update` gives null, removes) the item at `path` below an outer group. */
export function updateItem(
  query: AudienceQuery,
  path: ItemPath,
  update: (item: AudienceItem) => AudienceItem | null,
): AudienceQuery {
  const [outer, ...rest] = path;
  return {
    conditions: query.conditions.map((group, i) =>
      i === outer && rest.length > 0
        ? { ...group, children: mapChildren(group.children, rest, update) }
        : group,
    ),
  };
}

export const removeItem = (query: AudienceQuery, path: ItemPath) => updateItem(query, path, () => null);

export function updateOuterGroup(
  query: AudienceQuery,
  index: number,
  patch: Partial<AudienceOuterGroup>,
): AudienceQuery {
  return { conditions: query.conditions.map((group, i) => (i === index ? { ...group, ...patch } : group)) };
}

export function addOuterGroup(query: AudienceQuery): AudienceQuery {
  return { conditions: [...query.conditions, newOuterGroup(query.conditions.length)] };
}

export function removeOuterGroup(query: AudienceQuery, index: number): AudienceQuery {
  return { conditions: query.conditions.filter((_group, i) => i !== index) };
}

/** Appends an item to an outer group (path [g]) or an inner group (path [g, i]). */
export function addChild(query: AudienceQuery, path: ItemPath, item: AudienceItem): AudienceQuery {
  if (path.length === 1) {
    const group = query.conditions[path[0]];
    return group ? updateOuterGroup(query, path[0], { children: [...group.children, item] }) : query;
  }
  return updateItem(query, path, (parent) =>
    parent.type === 'group' ? { ...parent, children: [...parent.children, item] } : parent,
  );
}

export const toggleConnector = (connector: AudienceConnector): AudienceConnector =>
  connector === 'or' ? 'and' : 'or';

/**
 * A new event for an activity group: the rows that described the old event go (product property
 * rows; a link-clicked row once the event is no longer 'clicked').
 */
export function setActivityEvent(query: AudienceQuery, path: ItemPath, event: string): AudienceQuery {
  return updateItem(query, path, (group) => {
    if (group.type !== 'group' || group.filter === event) return group;
    const children = group.children.filter(
      (row) =>
        row.type !== 'filter' ||
        (row.filter !== 'property' && !(row.filter === 'link_clicked' && event !== 'clicked')),
    );
    return { ...group, filter: event, children };
  });
}

/** A marketing campaign row's new ids: the group's template rows no longer apply and are reset. */
export function setMarketingCampaigns(query: AudienceQuery, rowPath: ItemPath, ids: string[]): AudienceQuery {
  const groupPath = rowPath.slice(0, -1);
  return updateItem(query, groupPath, (group) =>
    group.type !== 'group'
      ? group
      : {
          ...group,
          children: group.children.map((row, i) => {
            if (row.type !== 'filter') return row;
            if (i === rowPath[rowPath.length - 1]) return { ...row, value: ids };
            return row.filter === 'template' ? { ...row, value: [] } : row;
          }),
        },
  );
}

/** Operators of a field type (the spec's GET operators), in the builder's order. */
export const operatorsFor = (type: PersonFieldType | null | undefined): readonly string[] =>
  audienceOperators[type ?? 'string'];

/** The value a leaf keeps when its operator changes: none, a range of two, a list, or one. */
export function valueForOperator(operator: string, value: AudienceLeaf['value']): AudienceLeaf['value'] {
  if (AUDIENCE_ZERO_ARGUMENT_OPERATORS.includes(operator)) return [];
  if (AUDIENCE_RANGE_OPERATORS.includes(operator)) return [value[0] ?? null, value[1] ?? null];
  if (isListOperator(operator)) return value.filter((v) => v !== null && v !== '');
  return value.length > 0 ? [value[0]] : [];
}

export const isListOperator = (operator: string) => operator === 'in' || operator === 'not_in';

/** A leaf on a new field: its type's first operator, no value. */
export function withField(item: AudienceLeaf, field: string, type: PersonFieldType | null): AudienceLeaf {
  const operator = operatorsFor(type)[0] ?? '';
  return { ...item, filter: field, operator, value: valueForOperator(operator, []) };
}

/** The query as it is sent: every first item's connector blank, the others 'and' or 'or'. */
export const forSend = (query: AudienceQuery): AudienceQuery => withFirstConnectorsBlank(query);

/** The spec 5 messages by item key, for the query as it would be sent. */
export const queryErrors = (query: AudienceQuery) => audienceQueryErrors(forSend(query));

export const isQueryValid = (query: AudienceQuery) => Object.keys(queryErrors(query)).length === 0;

/** Reads a stored working copy (json) as a query; anything else is an empty query. */
export function toQuery(value: unknown): AudienceQuery {
  if (value && typeof value === 'object' && Array.isArray((value as AudienceQuery).conditions))
    return value as AudienceQuery;
  return emptyQuery();
}
