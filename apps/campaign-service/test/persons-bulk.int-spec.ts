import { personCreateContract, personGetContract, personUpdateContract } from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { PersonsBulkService, type StagedBatch } from '../src/modules/contacts/persons/persons-bulk.service';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

/**
 * The one bulk write path, driven as a sync would drive it: a batch staged in a
 * table of the caller's own (not a CSV import), handed to the persons module.
 */
describe(PersonsBulkService.name, () => {
  let t: CampaignTestApp;
  let admin: SignedIn;
  let other: SignedIn;
  const table = 'campaign.sync_batch_test';
  const batch: StagedBatch = {
    table,
    defaults: { email: 'c.email', first_name: 'c.first_name' },
    customFields: ['plan'],
    rows: 'c.ok',
  };
  const fill = { enableUpdate: true, overwriteValues: false, ignoreBlank: false };
  const overwrite = { enableUpdate: true, overwriteValues: true, ignoreBlank: false };

  beforeAll(async () => {
    t = await startCampaignTestApp();
    admin = await t.platform.newOrganisation();
    other = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    await t.sql('TRUNCATE campaign.persons CASCADE');
    await t.sql(`DROP TABLE IF EXISTS ${table}`);
    await t.sql(`CREATE TABLE ${table} (id uuid NOT NULL DEFAULT gen_random_uuid(), email text, key text GENERATED ALWAYS AS (lower(email)) STORED,
      first_name text, custom jsonb NOT NULL DEFAULT '{}', ok boolean NOT NULL DEFAULT true)`);
  });

  const bulk = () => t.app.get(PersonsBulkService);
  const contact = async (who: SignedIn, email: string, firstName: string | null) => {
    const { person_id } = (await t.call(personCreateContract, { email }, who).expect(200)).body;
    if (firstName)
      await t
        .call(personUpdateContract, { person_id, default_fields: { first_name: firstName } }, who)
        .expect(200);
    return person_id;
  };
  const rows = (organisationId: string) =>
    t.sql<{ email: string; first_name: string | null; custom_fields: Record<string, unknown> }>(
      'SELECT email, first_name, custom_fields FROM campaign.persons WHERE organisation_id = $1 ORDER BY email',
      [organisationId],
    );

  it('inserts new contacts, fills existing ones, skips rows the caller did not pick, and reports counts and progress', async () => {
    await contact(admin, 'Known@x.com', null);
    await contact(other, 'known@x.com', 'Other Org');
    await t.sql(`INSERT INTO ${table} (email, first_name, custom, ok) VALUES
      ('known@x.com', 'Ada', '{"plan": "gold"}', true), ('new@x.com', 'Bo', '{}', true), ('skipped@x.com', 'Cy', '{}', false)`);
    const shares: number[] = [];
    const counts = await bulk().upsertStaged(admin.organisation.id, batch, fill, {
      newFields: [],
      allNew: false,
      progress: async (share) => void shares.push(share),
    });

    expect(counts).toEqual({ inserted: 1, updated: 1 });
    expect(shares).toEqual([0.5, 1]);
    expect(await rows(admin.organisation.id)).toEqual([
      { email: 'Known@x.com', first_name: 'Ada', custom_fields: { plan: 'gold' } },
      { email: 'new@x.com', first_name: 'Bo', custom_fields: {} },
    ]);
    // Another organisation's contact with the same email is not touched.
    expect(await rows(other.organisation.id)).toEqual([
      { email: 'known@x.com', first_name: 'Other Org', custom_fields: {} },
    ]);
  });

  it('writes nothing for unchanged rows, and overwrites or keeps values by the options', async () => {
    const id = await contact(admin, 'a@x.com', 'Ada');
    await t.sql(`INSERT INTO ${table} (email, first_name) VALUES ('a@x.com', 'Ada')`);
    expect(
      await bulk().upsertStaged(admin.organisation.id, batch, overwrite, { newFields: [], allNew: false }),
    ).toEqual({
      inserted: 0,
      updated: 0,
    });

    await t.sql(`UPDATE ${table} SET first_name = 'Ava'`);
    expect(
      await bulk().upsertStaged(admin.organisation.id, batch, fill, { newFields: [], allNew: false }),
    ).toEqual({
      inserted: 0,
      updated: 0,
    });
    expect(
      await bulk().upsertStaged(admin.organisation.id, batch, overwrite, { newFields: [], allNew: false }),
    ).toEqual({
      inserted: 0,
      updated: 1,
    });
    const person = (await t.call(personGetContract, { person_id: id }, admin).expect(200)).body.person;
    expect(person.default_fields.find((f: { name: string }) => f.name === 'first_name')?.value).toBe('Ava');
  });

  it('creates the new custom fields with the contacts, and survives a contact created after the caller looked', async () => {
    await contact(admin, 'taken@x.com', null);
    await t.sql(
      `INSERT INTO ${table} (email, custom) VALUES ('taken@x.com', '{"tier": "a"}'), ('fresh@x.com', '{"tier": "b"}')`,
    );
    const tier = {
      name: 'tier',
      display: 'Tier',
      type: 'string' as const,
      length: null,
      read_only: false,
      updatable: true,
      required: false,
      hidden: false,
      custom: true,
      position: 1000,
    };
    // allNew is stale: the first try hits the unique index and the upsert runs again, guarded.
    const counts = await bulk().upsertStaged(admin.organisation.id, batch, fill, {
      newFields: [tier],
      allNew: true,
    });

    expect(counts.inserted).toBe(1);
    expect(await rows(admin.organisation.id)).toEqual([
      { email: 'fresh@x.com', first_name: null, custom_fields: { tier: 'b' } },
      { email: 'taken@x.com', first_name: null, custom_fields: { tier: 'a' } },
    ]);
    const [field] = await t.sql(
      `SELECT display FROM campaign.person_fields WHERE organisation_id = $1 AND name = 'tier'`,
      [admin.organisation.id],
    );
    expect(field).toEqual({ display: 'Tier' });
  });
});
