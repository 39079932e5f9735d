import {
  type AudienceItem,
  type AudienceLeaf,
  audienceOperators,
  type AudienceQuery,
  DEFAULT_PERSON_FIELDS,
  type PersonFieldType,
} from '@meridian/contracts';
import fc from 'fast-check';
import type { Json } from './audience-evaluator';
import { CAMPAIGNS, CUSTOM_TYPES, LINKS, LISTS, TEMPLATES } from './audience-fixture';

/** Random valid dynamic list queries over the fixture's fields, events, campaigns and lists. */
export const fields = [
  ...DEFAULT_PERSON_FIELDS.map((f) => ({ name: f.name, type: f.type, custom: false })),
  ...Object.entries(CUSTOM_TYPES).map(([name, type]) => ({
    name,
    type: type as PersonFieldType,
    custom: true,
  })),
];

const connector = fc.constantFrom<'and' | 'or'>('and', 'or');
const texts = fc.constantFrom(
  'ann',
  'zeph',
  'SMITH',
  'mit',
  'acme',
  'gold',
  'ex1.test',
  '@ex2',
  'org-1',
  'silver',
  'inc',
  '5',
);
const numbers = fc.oneof(
  fc.integer({ min: -5, max: 45 }),
  fc.constantFrom(1.5, 2.25, 3, 10),
  fc.constantFrom('12', '3'),
);
const dates = fc.constantFrom('2026-06-01', '2026-06-10T08:00:00Z', '2026-05-01', '2026-06-15', '2024-02-29');

/** Values that fit an operator of a type. */
function valueFor(type: PersonFieldType, operator: string): fc.Arbitrary<Json[]> {
  if (['is_empty', 'is_not_empty', 'is_true', 'is_false'].includes(operator)) return fc.constant([]);
  if (type === 'string')
    return operator === 'in' || operator === 'not_in'
      ? fc.array(texts, { minLength: 1, maxLength: 3 })
      : texts.map((v) => [v]);
  if (type === 'datetime') {
    if (operator === 'in_last_days' || operator === 'not_in_last_days')
      return fc.integer({ min: 0, max: 60 }).map((n) => [n]);
    return operator === 'between' ? fc.tuple(dates, dates) : dates.map((v) => [v]);
  }
  return operator === 'between' ? fc.tuple(numbers, numbers) : numbers.map((v) => [v]);
}

const leaf = (
  filter_type: AudienceLeaf['filter_type'],
  filter: string,
  operator: string,
  value: Json[],
  extra = {},
) =>
  fc.constant<AudienceLeaf>({
    type: 'filter',
    filter_type,
    filter,
    operator,
    value,
    connector: '',
    ...extra,
  });

export const personLeaf = fc.constantFrom(...fields).chain((field) => {
  const type = field.custom ? field.type : 'string';
  return fc
    .constantFrom(...audienceOperators[type])
    .chain((operator) =>
      valueFor(type, operator).chain((value) => leaf('person', field.name, operator, value)),
    );
});

const propertyRow = fc
  .tuple(
    fc.constantFrom('amount', 'plan', 'paid', 'at', 'missing'),
    fc.constantFrom<PersonFieldType>('string', 'float', 'boolean', 'datetime'),
  )
  .chain(([property, type]) =>
    fc
      .constantFrom(...audienceOperators[type])
      .chain((operator) =>
        valueFor(type, operator).chain((value) =>
          leaf('product_activity', 'property', operator, value, { property }),
        ),
      ),
  );
const frequency = fc
  .tuple(fc.constantFrom('exactly', 'at_least', 'at_most'), fc.integer({ min: 0, max: 3 }))
  .chain(([operator, n]) => leaf('product_activity', 'frequency', operator, [n]));
const timeFrame = fc.oneof(
  fc.integer({ min: 1, max: 60 }).chain((n) => leaf('product_activity', 'time_frame', 'in_last_days', [n])),
  fc
    .tuple(fc.constantFrom('before', 'after'), dates)
    .chain(([op, d]) => leaf('product_activity', 'time_frame', op, [d])),
  fc.tuple(dates, dates).chain(([a, b]) => leaf('product_activity', 'time_frame', 'between', [a, b])),
);

function activityGroup(kind: 'product_activity' | 'marketing_activity'): fc.Arbitrary<AudienceItem> {
  const event =
    kind === 'product_activity'
      ? fc.constantFrom('login', 'purchase', 'never_seen')
      : fc.constantFrom('opened', 'clicked', 'delivered');
  return event.chain((name) => {
    const ids = (filter: string, list: string[]) =>
      fc
        .tuple(fc.constantFrom('in', 'not_in', 'equals', 'not_equals'), fc.subarray(list, { minLength: 1 }))
        .chain(([op, value]) => leaf(kind, filter, op, value));
    const rows =
      kind === 'product_activity'
        ? propertyRow
        : name === 'clicked'
          ? fc.oneof(ids('campaign', CAMPAIGNS), ids('template', TEMPLATES), ids('link_clicked', LINKS))
          : fc.oneof(ids('campaign', CAMPAIGNS), ids('template', TEMPLATES));
    return fc
      .record({
        rows: fc.array(fc.tuple(rows, connector), { maxLength: 3 }),
        frequency: fc.option(frequency, { nil: undefined }),
        frame: fc.option(timeFrame, { nil: undefined }),
      })
      .filter((g) => g.rows.length > 0 || !!g.frequency || !!g.frame)
      .map((g) => {
        const children = [
          ...g.rows.map(([row, c], i) => ({ ...row, filter_type: kind, connector: i === 0 ? '' : c })),
          ...(g.frequency ? [{ ...g.frequency, filter_type: kind, connector: 'and' }] : []),
          ...(g.frame ? [{ ...g.frame, filter_type: kind, connector: 'and' }] : []),
        ] as AudienceLeaf[];
        return { type: 'group', filter_type: kind, filter: name, connector: '', children } as AudienceItem;
      });
  });
}

const membership = fc.oneof(
  fc
    .tuple(fc.constantFrom('static_list', 'campaign'), fc.constantFrom('in', 'not_in'))
    .chain(([filter, op]) =>
      fc
        .subarray(filter === 'static_list' ? LISTS : CAMPAIGNS, { minLength: 1 })
        .chain((ids) => leaf('list_membership', filter, op, ids)),
    ),
  fc
    .tuple(fc.constantFrom('in', 'not_in'), fc.subarray(['org-1', 'org-2'], { minLength: 1 }))
    .chain(([op, ids]) => leaf('org_membership', 'org_id', op, ids)),
);
const personGroup = fc.array(fc.tuple(personLeaf, connector), { minLength: 1, maxLength: 3 }).map(
  (items) =>
    ({
      type: 'group',
      filter_type: 'person',
      connector: '',
      children: items.map(([l, c], i) => ({ ...l, connector: i === 0 ? '' : c })),
    }) as AudienceItem,
);
export const item = fc.oneof(
  personLeaf,
  personLeaf,
  personGroup,
  activityGroup('product_activity'),
  activityGroup('marketing_activity'),
  membership,
);

const withConnectors = <T extends { connector: string }>(items: readonly (readonly [T, 'and' | 'or'])[]) =>
  items.map(([entry, c], i) => ({ ...entry, connector: i === 0 ? '' : c }));
export const query: fc.Arbitrary<AudienceQuery> = fc
  .array(
    fc.tuple(
      fc.oneof(
        { weight: 9, arbitrary: fc.array(fc.tuple(item, connector), { minLength: 1, maxLength: 3 }) },
        { weight: 1, arbitrary: fc.constant([]) },
      ),
      connector,
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map(
    (groups) =>
      ({
        conditions: withConnectors(
          groups.map(([children, c], i) => [
            {
              type: 'group',
              name: `Group ${i}`,
              connector: '',
              operator: children.length ? null : 'all',
              children: withConnectors(children),
            },
            c,
          ]) as never,
        ),
      }) as AudienceQuery,
  );

/** Every text a query compares with: none may be written into the SQL. */
export function valueTexts(q: AudienceQuery): string[] {
  const out: string[] = [];
  const visit = (entry: AudienceItem) => {
    if (entry.type === 'group') {
      if (entry.filter) out.push(entry.filter);
      entry.children.forEach(visit);
      return;
    }
    if (entry.property) out.push(entry.property);
    if (entry.filter_type === 'person' && entry.filter in CUSTOM_TYPES) out.push(entry.filter);
    out.push(...entry.value.filter((v): v is string => typeof v === 'string'));
  };
  q.conditions.forEach((g) => g.children.forEach(visit));
  return out.filter((text) => text.length >= 3);
}
