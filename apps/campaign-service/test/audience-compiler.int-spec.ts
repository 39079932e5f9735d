import {
  type AudienceItem,
  type AudienceLeaf,
  audienceOperators,
  type AudienceQuery,
  audienceQueryErrors,
  DEFAULT_PERSON_FIELDS,
  type PersonFieldType,
} from '@meridian/contracts';
import fc from 'fast-check';
import { compileAudience, compilePersonLeaves } from '../src/modules/campaigns/audience/audience-compiler';
import { type Fixture, type Json, matches } from './support/audience-evaluator';
import {
  CAMPAIGNS,
  CUSTOM_TYPES,
  LINKS,
  LISTS,
  NOW,
  seedAudienceFixture,
  TEMPLATES,
} from './support/audience-fixture';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

const ORG = '0a000000-0000-4000-8000-00000000000a';
const OTHER = '0b000000-0000-4000-8000-00000000000b';
const fields = [
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

const personLeaf = fc.constantFrom(...fields).chain((field) => {
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
const item = fc.oneof(
  personLeaf,
  personLeaf,
  personGroup,
  activityGroup('product_activity'),
  activityGroup('marketing_activity'),
  membership,
);

const withConnectors = <T extends { connector: string }>(items: [T, 'and' | 'or'][]) =>
  items.map(([entry, c], i) => ({ ...entry, connector: i === 0 ? '' : c }));
const query: fc.Arbitrary<AudienceQuery> = fc
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
function valueTexts(q: AudienceQuery): string[] {
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

describe('audience compiler against an in-memory evaluator', () => {
  let t: CampaignTestApp;
  let fixture: Fixture;

  beforeAll(async () => {
    t = await startCampaignTestApp();
    fixture = await seedAudienceFixture(t, ORG);
    // The same people in another organisation: none of them may ever be selected.
    await t.sql(
      `INSERT INTO campaign.persons (organisation_id, email, first_name, last_name, company_name, org_id, custom_fields)
       SELECT $2, email, first_name, last_name, company_name, org_id, custom_fields FROM campaign.persons WHERE organisation_id = $1`,
      [ORG, OTHER],
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  it('selects exactly the people the evaluator does, with every value bound as a parameter', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        expect(audienceQueryErrors(q)).toEqual({});
        const compiled = compileAudience(q, { organisationId: ORG, context: 'person', now: NOW, fields });
        for (const text of valueTexts(q)) expect(compiled.text).not.toContain(text);
        const rows = await t.sql<{ person_id: string }>(compiled.text, compiled.values);
        const expected = fixture.persons.filter((p) => matches(q, p, fixture)).map((p) => p.id);
        expect(rows.map((r) => r.person_id).sort()).toEqual(expected.sort());
      }),
      { numRuns: 100, seed: 4242 },
    );
  });

  it('reads each filter alone as the evaluator does', async () => {
    const single = item.map(
      (entry) =>
        ({
          conditions: [
            { type: 'group', name: 'One', connector: '', children: [{ ...entry, connector: '' }] },
          ],
        }) as AudienceQuery,
    );
    await fc.assert(
      fc.asyncProperty(single, async (q) => {
        const compiled = compileAudience(q, { organisationId: ORG, context: 'person', now: NOW, fields });
        const rows = await t.sql<{ person_id: string }>(compiled.text, compiled.values);
        const expected = fixture.persons.filter((p) => matches(q, p, fixture)).map((p) => p.id);
        expect(rows.map((r) => r.person_id).sort()).toEqual(expected.sort());
      }),
      { numRuns: 150, seed: 7 },
    );
  });

  it('compiles person leaves for a batch of people as the evaluator reads them, ANDed', async () => {
    const batch = fixture.persons.slice(0, 10).map((p) => p.id);
    await fc.assert(
      fc.asyncProperty(fc.array(personLeaf, { minLength: 1, maxLength: 3 }), async (leaves) => {
        const compiled = compilePersonLeaves(leaves, batch, { organisationId: ORG, now: NOW, fields });
        const rows = await t.sql<{ person_id: string }>(compiled.text, compiled.values);
        const q = {
          conditions: [
            {
              type: 'group',
              name: '',
              connector: '',
              children: leaves.map((l) => ({ ...l, connector: 'and' })),
            },
          ],
        } as AudienceQuery;
        const expected = fixture.persons
          .filter((p) => batch.includes(p.id) && matches(q, p, fixture))
          .map((p) => p.id);
        expect(rows.map((r) => r.person_id).sort()).toEqual(expected.sort());
      }),
      { numRuns: 40, seed: 99 },
    );
  });
});
