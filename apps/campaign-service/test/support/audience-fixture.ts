import type { CampaignTestApp } from './campaign-test-app';
import type { Fixture, FixtureEvent, FixtureMail, FixturePerson, Json } from './audience-evaluator';

/** A small, varied organisation: odd stored values on purpose (a bad number, 31 February, 'yes'). */
export const NOW = new Date('2026-06-15T12:00:00Z');
export const CAMPAIGNS = ['c0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002'];
export const TEMPLATES = ['d0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000002'];
export const LISTS = ['e0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000002'];
export const LINKS = ['https://ex.test/a', 'https://ex.test/b'];
export const CUSTOM_TYPES = {
  score: 'integer',
  rating: 'float',
  vip: 'boolean',
  signup: 'datetime',
  plan: 'string',
};

const firstNames = ['Ann', 'Zeph', 'Ada', null, 'ann', 'Bob', '', 'Smithy'];
const companies = ['Acme', 'acme inc', null, 'Gold Co', ''];
const scores: Json[] = [3, 12, '12', 'abc', null, -4, 40, 0];
const ratings: Json[] = [1.5, 2.25, '3', null, 'x', 10];
const vips: Json[] = [true, false, 'TRUE', 'yes', null];
const signups: Json[] = [
  '2026-06-01',
  '2026-06-10T08:00:00Z',
  '2024-02-31',
  'soon',
  null,
  '2026-06-15T06:30:00+02:00',
];
const plans: Json[] = ['Gold', 'gold ', '', null, 'silver'];

/** A fixed pseudo-random sequence, so every run has the same fixture. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

export async function seedAudienceFixture(
  t: CampaignTestApp,
  organisationId: string,
  size = 16,
): Promise<Fixture> {
  const random = sequence(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86400000);
  const persons: FixturePerson[] = [];
  const events: FixtureEvent[] = [];
  const mails: FixtureMail[] = [];
  const members: { list_id: string; person_id: string }[] = [];
  for (const [name, type] of Object.entries(CUSTOM_TYPES))
    await t.sql(
      `INSERT INTO campaign.person_fields (organisation_id, name, display, type, custom) VALUES ($1, $2, $2, $3, true)
       ON CONFLICT DO NOTHING`,
      [organisationId, name, type],
    );
  for (const list of LISTS)
    await t.sql(
      `INSERT INTO campaign.static_lists (id, organisation_id, name) VALUES ($1::uuid, $2, $1::text)`,
      [list, organisationId],
    );
  for (let i = 0; i < size; i++) {
    const custom: Record<string, Json> = {};
    if (random() > 0.15) custom.score = pick(scores);
    if (random() > 0.15) custom.rating = pick(ratings);
    if (random() > 0.15) custom.vip = pick(vips);
    if (random() > 0.15) custom.signup = pick(signups);
    if (random() > 0.15) custom.plan = pick(plans);
    const columns = {
      email: `p${i}@ex${i % 3}.test`,
      first_name: pick(firstNames),
      last_name: pick(['Smith', 'Zephyr', null, 'Goldman']),
      company_name: pick(companies),
      org_id: pick(['org-1', 'org-2', null]),
    };
    const [row] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.persons (organisation_id, email, first_name, last_name, company_name, org_id, custom_fields)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        organisationId,
        columns.email,
        columns.first_name,
        columns.last_name,
        columns.company_name,
        columns.org_id,
        custom,
      ],
    );
    persons.push({ id: row.id, columns, custom });
    const eventCount = Math.floor(random() * 5);
    for (let e = 0; e < eventCount; e++) {
      const properties: Record<string, Json> = {};
      if (random() > 0.2) properties.amount = pick([1, 5, 20, '7', 'n/a']);
      if (random() > 0.2) properties.plan = pick(['gold', 'Silver', '', 5]);
      if (random() > 0.3) properties.paid = pick([true, false, 'true']);
      if (random() > 0.3) properties.at = pick(['2026-06-01', '2026-05-01T10:00:00Z', 'never']);
      events.push({
        person_id: row.id,
        name: pick(['login', 'purchase']),
        at: daysAgo(Math.floor(random() * 60)),
        properties,
      });
    }
    const mailCount = Math.floor(random() * 4);
    for (let m = 0; m < mailCount; m++) {
      const event = pick(['opened', 'clicked', 'delivered']);
      mails.push({
        person_id: row.id,
        event,
        at: daysAgo(Math.floor(random() * 60)),
        campaign_id: pick([...CAMPAIGNS, null]),
        template_id: pick([...TEMPLATES, null]),
        link: event === 'clicked' ? pick(LINKS) : null,
      });
    }
    for (const list of LISTS) if (random() > 0.6) members.push({ list_id: list, person_id: row.id });
  }
  for (const e of events)
    await t.sql(
      `INSERT INTO campaign.person_product_activity (organisation_id, person_id, event_name, event_date, event_properties)
       VALUES ($1, $2, $3, $4, $5)`,
      [organisationId, e.person_id, e.name, e.at, e.properties],
    );
  for (const m of mails)
    await t.sql(
      `INSERT INTO campaign.person_marketing_activity
         (organisation_id, person_id, event, occurred_at, campaign_id, template_id, link)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [organisationId, m.person_id, m.event, m.at, m.campaign_id, m.template_id, m.link],
    );
  for (const m of members)
    await t.sql(
      `INSERT INTO campaign.static_list_members (static_list_id, person_id, organisation_id) VALUES ($1, $2, $3)`,
      [m.list_id, m.person_id, organisationId],
    );
  return { persons, fieldTypes: CUSTOM_TYPES, events, mails, members, now: NOW };
}
