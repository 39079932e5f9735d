import {
  personCreateContract,
  personListContract,
  personUpdateContract,
  staticListContactsListContract,
  staticListCreateContract,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import {
  keywordCondition,
  LIST_COUNT_CAP,
  RECENT_WINDOW,
  SEARCH_COUNT_CAP,
  SHORT_KEYWORD_SCAN_LIMIT,
} from '../src/modules/contacts/persons/contact-search';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

/** Contacts at scale: substring search through the trigram index, and totals that stop at a cap. */
describe('contacts list and search at scale', () => {
  let t: CampaignTestApp;
  let admin: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    t = await startCampaignTestApp();
    admin = await t.platform.newOrganisation();
    other = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    await t.sql('TRUNCATE campaign.persons, campaign.static_lists CASCADE');
  });

  async function newPerson(
    who: SignedIn,
    email: string,
    names: { first_name?: string; last_name?: string } = {},
  ) {
    const id = (await t.call(personCreateContract, { email }, who).expect(200)).body.person_id as string;
    if (names.first_name || names.last_name) {
      await t.call(personUpdateContract, { person_id: id, default_fields: names }, who).expect(200);
    }
    return id;
  }

  async function organisationOf(personId: string): Promise<string> {
    return (
      await t.sql<{ o: string }>('SELECT organisation_id AS o FROM campaign.persons WHERE id = $1', [
        personId,
      ])
    )[0]!.o;
  }

  /** `n` contacts of the organisation made in one statement, a second apart, newest `bulk1`. */
  async function generate(organisationId: string, n: number) {
    await t.sql(
      `INSERT INTO campaign.persons (organisation_id, email, first_name, last_name, _created_time)
       SELECT $1, 'bulk' || g || '@gen.example', 'First' || g, 'Last' || g, now() - interval '1 day' - g * interval '1 second'
       FROM generate_series(1, $2::int) g`,
      [organisationId, n],
    );
    // As autovacuum does after a bulk load: statistics, and the trigram indexes' pending entries merged.
    await t.sql('VACUUM ANALYZE campaign.persons');
  }

  const emails = (body: { records: { email: string }[] }) => body.records.map((r) => r.email);

  it('finds substrings of email, first and last name in any case, with exact totals on small data', async () => {
    await newPerson(admin, 'ada.lovelace@analytical.io', { first_name: 'Ada', last_name: 'Lovelace' });
    await newPerson(admin, 'grace@navy.mil', { first_name: 'Grace', last_name: 'Hopper' });
    await newPerson(admin, 'alan@bletchley.uk', { first_name: 'Alan', last_name: 'Turing' });
    await newPerson(other, 'lovelace@elsewhere.io', { last_name: 'Lovelace' });

    const inEmail = await t.call(personListContract, { keyword: 'ALYTIC' }, admin).expect(200);
    expect(emails(inEmail.body)).toEqual(['ada.lovelace@analytical.io']);
    const inLastName = await t.call(personListContract, { keyword: 'oppe' }, admin).expect(200);
    expect(emails(inLastName.body)).toEqual(['grace@navy.mil']);
    const inFirstName = await t.call(personListContract, { keyword: 'lan' }, admin).expect(200);
    expect(emails(inFirstName.body)).toEqual(['alan@bletchley.uk']);
    // In an organisation this small, one or two characters still match anywhere.
    const short = await t.call(personListContract, { keyword: 'Gr' }, admin).expect(200);
    expect(emails(short.body)).toEqual(['grace@navy.mil']);
    const inside = await t.call(personListContract, { keyword: 'ce' }, admin).expect(200);
    expect(emails(inside.body)).toEqual(['grace@navy.mil', 'ada.lovelace@analytical.io']);
    // Another organisation's contact with the same name is neither listed nor counted.
    const lovelace = await t.call(personListContract, { keyword: 'lovelace' }, admin).expect(200);
    expect(lovelace.body).toMatchObject({ total_count: 1, page_count: 1, total_capped: false });

    const all = await t.call(personListContract, { page_size: 2 }, admin).expect(200);
    expect(all.body).toMatchObject({ total_count: 3, page_count: 2, total_capped: false });
    expect(emails(all.body)).toEqual(['alan@bletchley.uk', 'grace@navy.mil']);
    const second = await t.call(personListContract, { page_size: 2, page_number: 2 }, admin).expect(200);
    expect(emails(second.body)).toEqual(['ada.lovelace@analytical.io']);
    const beyond = await t.call(personListContract, { page_size: 2, page_number: 9 }, admin).expect(200);
    expect(beyond.body).toMatchObject({ records: [], total_count: 3, page_count: 2 });
  });

  it('matches a one- or two-character keyword at the start of a field once an organisation is too large to scan', async () => {
    await newPerson(admin, 'grace@navy.mil', { first_name: 'Grace', last_name: 'Hopper' });
    const cecil = await newPerson(admin, 'cecil@navy.mil', { first_name: 'Cecil', last_name: 'Hopper' });
    await generate(await organisationOf(cecil), SHORT_KEYWORD_SCAN_LIMIT);

    const atStart = await t.call(personListContract, { keyword: 'ce' }, admin).expect(200);
    expect(emails(atStart.body)).toEqual(['cecil@navy.mil']);
    const anywhere = await t.call(personListContract, { keyword: 'race' }, admin).expect(200);
    expect(emails(anywhere.body)).toEqual(['grace@navy.mil']);
  });

  it('stops counting past the cap and always offers the next page', async () => {
    const seed = await newPerson(admin, 'seed@example.com');
    await generate(await organisationOf(seed), LIST_COUNT_CAP + 50);

    const first = await t.call(personListContract, { page_size: 10 }, admin).expect(200);
    expect(first.body).toMatchObject({
      total_count: LIST_COUNT_CAP,
      total_capped: true,
      page_count: LIST_COUNT_CAP / 10 + 1,
    });
    expect(emails(first.body)).toEqual([
      'seed@example.com',
      ...Array.from({ length: 9 }, (_, i) => `bulk${i + 1}@gen.example`),
    ]);

    // The page after the counted ones is real, and it knows about the rows beyond it.
    const deep = await t
      .call(personListContract, { page_size: 10, page_number: LIST_COUNT_CAP / 10 + 1 }, admin)
      .expect(200);
    expect(emails(deep.body)).toEqual(
      Array.from({ length: 10 }, (_, i) => `bulk${LIST_COUNT_CAP + i}@gen.example`),
    );
    expect(deep.body).toMatchObject({ total_count: LIST_COUNT_CAP + 10, total_capped: true });
    const last = await t
      .call(personListContract, { page_size: 10, page_number: LIST_COUNT_CAP / 10 + 6 }, admin)
      .expect(200);
    expect(last.body).toMatchObject({
      total_count: LIST_COUNT_CAP + 51,
      total_capped: false,
      page_count: LIST_COUNT_CAP / 10 + 6,
    });
    expect(last.body.records).toHaveLength(1);

    // A broad keyword counts up to the search cap; a narrow one exactly.
    const broad = await t.call(personListContract, { keyword: 'gen.example' }, admin).expect(200);
    expect(broad.body).toMatchObject({ total_count: SEARCH_COUNT_CAP, total_capped: true });
    const narrow = await t.call(personListContract, { keyword: 'Last1000' }, admin).expect(200);
    expect(narrow.body).toMatchObject({ total_count: 11, total_capped: false, page_count: 2 });
    expect(emails(narrow.body)[0]).toBe('bulk1000@gen.example');

    // A date filter that leaves few rows counts them exactly.
    const today = new Date().toISOString().slice(0, 10);
    const added = await t.call(personListContract, { start_date: today }, admin).expect(200);
    expect(added.body).toMatchObject({ total_count: 1, total_capped: false });
  });

  it('pages a search right whether its matches are among the newest contacts or only among old ones', async () => {
    const seed = await newPerson(admin, 'seed@example.com');
    const organisationId = await organisationOf(seed);
    await generate(organisationId, RECENT_WINDOW + 2_000);
    // The 30 oldest contacts came from one company, long before everyone else.
    await t.sql(
      `UPDATE campaign.persons SET last_name = 'Legacyco' WHERE id IN (
         SELECT id FROM campaign.persons WHERE organisation_id = $1 ORDER BY _created_time LIMIT 30)`,
      [organisationId],
    );
    await t.sql('VACUUM ANALYZE campaign.persons');
    const bulk = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => `bulk${from + i}@gen.example`);

    const old = await t
      .call(personListContract, { keyword: 'legacy', page_size: 10, page_number: 2 }, admin)
      .expect(200);
    expect(emails(old.body)).toEqual(bulk(RECENT_WINDOW + 2_000 - 30 + 11, 10));
    expect(old.body).toMatchObject({ total_count: 30, total_capped: false, page_count: 3 });

    // Every contact matches: a page inside the newest window, and one past it.
    const inside = await t.call(
      personListContract,
      { keyword: 'gen.example', page_size: 10, page_number: 500 },
      admin,
    );
    expect(emails(inside.body)).toEqual(bulk(4_991, 10));
    const past = await t.call(
      personListContract,
      { keyword: 'gen.example', page_size: 10, page_number: 1_101 },
      admin,
    );
    expect(emails(past.body)).toEqual(bulk(11_001, 10));
  });

  it('answers a keyword search from the trigram index on a larger set', async () => {
    const seed = await newPerson(admin, 'seed@example.com');
    await generate(await organisationOf(seed), 20_000);
    const rows = await t.sql<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT id FROM campaign.persons p WHERE p.organisation_id = $1 AND ${keywordCondition('p', '$2')}
       ORDER BY p._created_time DESC, p.id LIMIT 10`,
      [await organisationOf(seed), '%last12345%'],
    );
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    for (const column of ['email', 'first_name', 'last_name'])
      expect(plan).toContain(`persons_${column}_trgm_idx`);
    expect(plan).not.toContain('Seq Scan');
  });

  it('pages, searches and caps a static list the same way', async () => {
    const seed = await newPerson(admin, 'seed@example.com', { last_name: 'Seedling' });
    const organisationId = await organisationOf(seed);
    await generate(organisationId, LIST_COUNT_CAP + 5);
    const listId = (await t.call(staticListCreateContract, { name: 'Everyone' }, admin).expect(200)).body
      .static_list.static_list_id as string;
    await t.sql(
      `INSERT INTO campaign.static_list_members (static_list_id, person_id, organisation_id, added_at)
       SELECT $1, id, organisation_id, _created_time FROM campaign.persons WHERE organisation_id = $2`,
      [listId, organisationId],
    );
    const list = (body: object) =>
      t.call(staticListContactsListContract, { static_list_id: listId, ...body }, admin).expect(200);

    expect((await list({})).body).toMatchObject({
      total_count: LIST_COUNT_CAP,
      total_capped: true,
      page_count: LIST_COUNT_CAP / 10 + 1,
    });
    const seedling = (await list({ search_keyword: 'EEDLIN' })).body;
    expect(seedling).toMatchObject({ total_count: 1, total_capped: false, page_count: 1 });
    expect(emails(seedling)).toEqual(['seed@example.com']);
    expect((await list({ search_keyword: 'first' })).body).toMatchObject({
      total_count: SEARCH_COUNT_CAP,
      total_capped: true,
    });

    // Search pages inside the newest window of members and past it.
    const page2 = (await list({ search_keyword: 'first', page_number: 2 })).body;
    expect(emails(page2)).toEqual(Array.from({ length: 10 }, (_, i) => `bulk${11 + i}@gen.example`));
    const past = (await list({ search_keyword: 'first', page_number: LIST_COUNT_CAP / 10 + 1 })).body;
    expect(emails(past)).toEqual(
      Array.from({ length: 5 }, (_, i) => `bulk${LIST_COUNT_CAP + 1 + i}@gen.example`),
    );

    // Another organisation's list is not found, whatever it holds.
    await t.call(staticListContactsListContract, { static_list_id: listId }, other).expect(404);
  });
});
