import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import {
  type Endpoint,
  events,
  PERSONS_DELETED_BATCH,
  personRemoveContract,
  salesforcePersonRecordsContract,
  salesforceRecordsDeleteUpdateContract,
  salesforceSfRecordsDeleteUpdateContract,
  salesforceSyncRunsListContract,
} from '@meridian/contracts';
import {
  createTestDatabase,
  eventually,
  FakeSalesforce,
  type SignedIn,
  startTestPlatform,
  type TestDatabase,
  type TestPlatform,
} from '@meridian/testing';
import { EventPublisher, Transactions } from '@meridian/server-kit';
import { Client } from 'pg';
import request from 'supertest';
import { type CampaignProcess, startCampaignProcess } from './support/campaign-process';
import {
  connectSalesforce,
  exportPersons,
  type MappedField,
  mapFields,
  runNow,
  settled,
  startSalesforceSyncApp,
} from './support/salesforce-sync-support';

/** Two services and the fake on a shared 2-core machine: a bound, never a measurement. */
const SLOW = 300_000;

const FIELDS: MappedField[] = [
  { person_field: 'email', lead: 'Email', contact: 'Email', sync_preference: 'always_use_connection' },
  { person_field: 'first_name', lead: 'FirstName', contact: 'FirstName', sync_preference: 'two_way' },
  { person_field: 'last_name', lead: 'LastName', contact: 'LastName', sync_preference: 'two_way' },
];

const CONTACTS = ['deleted', 'both', 'budget', 'gone', 'off', 'kept'].map((n) => `${n}@example.com`);
const LEADS = ['lead-only', 'both'].map((n) => `${n}@example.com`);

type Run = { state: string; deferred_count: number; api_calls: number; error: string | null };

describe('Salesforce record deletion, both directions', () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let app: NestFastifyApplication;
  let campaign: CampaignProcess;
  let sqlClient: Client;
  let fake: FakeSalesforce;
  let admin: SignedIn;
  let stranger: SignedIn;
  let connectionId: string;
  let runCount = 0;
  const ids = new Map<string, string>();

  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await sqlClient.query(text, params)).rows as T[];
  const call = (contract: Endpoint, body: unknown, who: SignedIn = admin) =>
    request(app.getHttpServer())
      .post(contract.fullPath)
      .set({ Authorization: `Bearer ${who.bearer}` })
      .send(body as object);
  const org = () => admin.organisation.id;

  const personId = async (email: string) =>
    (
      await sql<{ id: string }>(
        `SELECT id FROM campaign.persons WHERE organisation_id = $1 AND lower(email) = lower($2)`,
        [org(), email],
      )
    )[0]?.id;
  /** Deletes a contact the way the contact page does: the campaign service's person.remove. */
  const removePerson = async (email: string, who: SignedIn = admin) => {
    const id = await personId(email);
    const response = await request(campaign.url)
      .post(personRemoveContract.fullPath)
      .set({ Authorization: `Bearer ${who.bearer}` })
      .send({ contact_id: id, email });
    return response.status;
  };
  const queued = async () =>
    (
      await sql<{ sf_id: string }>(
        `SELECT sf_id FROM integrations.salesforce_delete_queue WHERE connection_id = $1 ORDER BY sf_id`,
        [connectionId],
      )
    ).map((r) => r.sf_id);
  const record = async (sfId: string) =>
    (
      await sql<{ is_deleted: boolean; is_selected: boolean }>(
        `SELECT is_deleted, is_selected FROM integrations.salesforce_records WHERE connection_id = $1 AND sf_id = $2`,
        [connectionId, sfId],
      )
    )[0];
  const live = (object: string, id: string) => fake.record(object, id)?.IsDeleted === false;
  /** One more run of the connection, waited for to the end; answers it. */
  const run = async (): Promise<Run> => {
    await runNow(app, org(), connectionId);
    runCount += 1;
    await settled(sql, connectionId, runCount);
    const runs = (
      await call(salesforceSyncRunsListContract, {
        connection_id: connectionId,
        should_include_empty_runs: true,
        page_size: 50,
      }).expect(200)
    ).body.runs as Run[];
    return runs[0]!;
  };
  const setDelete = async (value: boolean, objects: { lead: boolean; contact: boolean }) => {
    await call(salesforceSfRecordsDeleteUpdateContract, { connection_id: connectionId, value }).expect(200);
    await call(salesforceRecordsDeleteUpdateContract, {
      connection_id: connectionId,
      object_delete: objects,
    }).expect(200);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    platform = await startTestPlatform(db.url);
    fake = await FakeSalesforce.start();
    app = await startSalesforceSyncApp(db.url, platform, fake);
    campaign = await startCampaignProcess(db.url, platform);
    sqlClient = new Client({ connectionString: db.url });
    await sqlClient.connect();
    admin = await platform.newOrganisation();
    stranger = await platform.newOrganisation();

    const contactIds = fake.seed(
      'Contact',
      CONTACTS.map((email) => ({ FirstName: 'C', LastName: email.split('@')[0], Email: email })),
    );
    const leadIds = fake.seed(
      'Lead',
      LEADS.map((email) => ({
        FirstName: 'L',
        LastName: email.split('@')[0],
        Company: 'Acme',
        Email: email,
      })),
    );
    CONTACTS.forEach((email, i) => ids.set(`contact:${email}`, contactIds[i]!));
    LEADS.forEach((email, i) => ids.set(`lead:${email}`, leadIds[i]!));
    connectionId = await connectSalesforce(app, sql, fake, org());
    await mapFields(sql, org(), connectionId, FIELDS);
    await run();
    for (const email of [...CONTACTS, ...LEADS]) expect(await personId(email)).toBeDefined();
  }, SLOW);

  afterAll(async () => {
    await sqlClient?.end();
    await app?.close();
    await campaign?.stop();
    await platform?.stop();
    await fake?.stop();
    await db?.drop();
  }, SLOW);

  const contact = (email: string) => ids.get(`contact:${email}@example.com`)!;
  const lead = (email: string) => ids.get(`lead:${email}@example.com`)!;

  it(
    'deletes the Salesforce records of a person deleted in the product for the objects switched on, and only unlinks the others',
    async () => {
      await setDelete(true, { lead: false, contact: true });
      for (const email of ['deleted', 'both', 'lead-only']) {
        expect(await removePerson(`${email}@example.com`)).toBe(200);
      }
      // Three events, consumed in one batch or several: wait for the last one's work too.
      await eventually(
        async () => (await queued()).length === 2 && (await record(lead('lead-only')))?.is_selected === false,
        { what: 'the deleted persons’ contacts to be queued for deletion and their lead unlinked' },
      );
      expect(await queued()).toEqual([contact('deleted'), contact('both')].sort());
      // Leads are not deleted: unlinked from the gone person only.
      expect(await record(lead('lead-only'))).toEqual({ is_deleted: false, is_selected: false });

      const done = await run();
      expect(done).toMatchObject({ state: 'finished', error: null, deferred_count: 0 });
      expect(live('Contact', contact('deleted'))).toBe(false);
      expect(live('Contact', contact('both'))).toBe(false);
      expect(live('Lead', lead('both'))).toBe(true);
      expect(live('Lead', lead('lead-only'))).toBe(true);
      // The deleted person's other record is not picked as anyone's record again.
      expect(await record(lead('both'))).toEqual({ is_deleted: false, is_selected: false });
      expect(live('Contact', contact('kept'))).toBe(true);
      expect(await record(contact('deleted'))).toEqual({ is_deleted: true, is_selected: false });
      expect(await queued()).toEqual([]);
    },
    SLOW,
  );

  it(
    'leaves Salesforce alone when deleting records is switched off',
    async () => {
      await setDelete(false, { lead: true, contact: true });
      expect(await removePerson('off@example.com')).toBe(200);
      await eventually(async () => (await record(contact('off')))?.is_selected === false, {
        what: 'the deleted person’s contact to be unlinked',
      });
      await run();
      expect(await queued()).toEqual([]);
      expect(live('Contact', contact('off'))).toBe(true);
      expect(await record(contact('off'))).toEqual({ is_deleted: false, is_selected: false });
    },
    SLOW,
  );

  it(
    'keeps deletions queued while the API budget is spent, and deletes them once it allows',
    async () => {
      await setDelete(true, { lead: true, contact: true });
      const [usage] = await sql<{ calls: number }>(
        `SELECT calls FROM integrations.salesforce_api_usage
          WHERE organisation_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date`,
        [org()],
      );
      await sql(`UPDATE integrations.salesforce_connections SET max_allocated = $2 WHERE id = $1`, [
        connectionId,
        usage!.calls,
      ]);
      expect(await removePerson('budget@example.com')).toBe(200);
      await eventually(async () => (await queued()).length === 1, { what: 'the deletion to be queued' });

      const spent = await run();
      expect(spent.state).toBe('finished');
      expect(spent.deferred_count).toBeGreaterThan(0);
      expect(await queued()).toEqual([contact('budget')]);
      expect(live('Contact', contact('budget'))).toBe(true);

      await sql(`UPDATE integrations.salesforce_connections SET max_allocated = 100000 WHERE id = $1`, [
        connectionId,
      ]);
      const allowed = await run();
      expect(allowed).toMatchObject({ state: 'finished', deferred_count: 0 });
      expect(await queued()).toEqual([]);
      expect(live('Contact', contact('budget'))).toBe(false);
    },
    SLOW,
  );

  it(
    'unlinks a record deleted in Salesforce: the person stays, the record leaves their panel and is not pushed to',
    async () => {
      const email = 'gone@example.com';
      const panel = async () => (await call(salesforcePersonRecordsContract, { email }).expect(200)).body;
      expect((await panel()).records.map((r: { id: string }) => r.id)).toEqual([contact('gone')]);

      fake.remove('Contact', contact('gone'));
      expect(await run()).toMatchObject({ state: 'finished', error: null });
      expect(await personId(email)).toBeDefined();
      expect(await record(contact('gone'))).toEqual({ is_deleted: true, is_selected: false });
      expect((await panel()).records).toEqual([]);

      await exportPersons(app, org(), connectionId, [
        { person_id: (await personId(email))!, email, values: { first_name: 'Changed' } },
      ]);
      await eventually(
        async () =>
          (
            await sql<{ n: number }>(
              `SELECT count(*)::int AS n FROM integrations.salesforce_push_queue WHERE connection_id = $1`,
              [connectionId],
            )
          )[0]!.n === 1,
        { what: 'the change to be queued' },
      );
      await run();
      expect(fake.record('Contact', contact('gone'))!.FirstName).toBe('C');
      expect(fake.find('Contact', 'Email', email)).toEqual([]);
      expect(fake.find('Lead', 'Email', email)).toEqual([]);
      // A record deleted in Salesforce never deletes the person ('coming soon').
      expect(await personId(email)).toBeDefined();
    },
    SLOW,
  );

  it(
    'answers 404 when another organisation deletes a person, and nothing is deleted in Salesforce',
    async () => {
      await setDelete(true, { lead: true, contact: true });
      expect(await removePerson('kept@example.com', stranger)).toBe(404);
      await call(
        salesforceRecordsDeleteUpdateContract,
        { connection_id: connectionId, object_delete: { lead: true, contact: true } },
        stranger,
      ).expect(404);
      await call(
        salesforceSfRecordsDeleteUpdateContract,
        { connection_id: connectionId, value: false },
        stranger,
      ).expect(404);
      await run();
      expect(await personId('kept@example.com')).toBeDefined();
      expect(await queued()).toEqual([]);
      expect(live('Contact', contact('kept'))).toBe(true);
      expect(await record(contact('kept'))).toEqual({ is_deleted: false, is_selected: true });
    },
    SLOW,
  );

  it(
    'records a refused deletion in sync health by error class and retries it later',
    async () => {
      await setDelete(true, { lead: true, contact: true });
      fake.setDeletable('Contact', false);
      try {
        expect(await removePerson('kept@example.com')).toBe(200);
        await eventually(async () => (await queued()).length === 1, { what: 'the deletion to be queued' });
        await run();
        expect(live('Contact', contact('kept'))).toBe(true);
        const errors = await sql<Record<string, unknown>>(
          `SELECT error_class, direction, object, sf_id, email, error_text FROM integrations.salesforce_errors
            WHERE connection_id = $1 AND sf_id = $2 AND resolved_at IS NULL`,
          [connectionId, contact('kept')],
        );
        expect(errors).toEqual([
          {
            error_class: 'others',
            direction: 'write',
            object: 'contact',
            sf_id: contact('kept'),
            email: 'kept@example.com',
            error_text: 'insufficient access rights on object id',
          },
        ]);
        const [row] = await sql<{ attempts: number; later: boolean }>(
          `SELECT attempts, not_before > now() AS later FROM integrations.salesforce_delete_queue
            WHERE connection_id = $1`,
          [connectionId],
        );
        expect(row).toEqual({ attempts: 1, later: true });
      } finally {
        fake.setDeletable('Contact', true);
      }
      // Changed in Salesforce while its deletion waits: the pull stores the change but does not
      // bring the deleted person back, nor link the record to anyone.
      fake.edit('Contact', contact('kept'), { LastName: 'Edited' });
      await run();
      const [pulled] = await sql<{ last_name: string; is_selected: boolean }>(
        `SELECT sf_values->>'LastName' AS last_name, is_selected FROM integrations.salesforce_records
          WHERE connection_id = $1 AND sf_id = $2`,
        [connectionId, contact('kept')],
      );
      expect(pulled).toEqual({ last_name: 'Edited', is_selected: false });
      expect(await personId('kept@example.com')).toBeUndefined();
      expect(await queued()).toEqual([contact('kept')]);
      // Once due again (and allowed), the deletion goes through and its error is resolved.
      await sql(
        `UPDATE integrations.salesforce_delete_queue SET not_before = now() WHERE connection_id = $1`,
        [connectionId],
      );
      await run();
      expect(live('Contact', contact('kept'))).toBe(false);
      expect(await queued()).toEqual([]);
      const [open] = await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM integrations.salesforce_errors
          WHERE connection_id = $1 AND sf_id = $2 AND resolved_at IS NULL`,
        [connectionId, contact('kept')],
      );
      expect(open!.n).toBe(0);
    },
    SLOW,
  );

  it(
    'deletes a large set of records through one Bulk API 2.0 delete job',
    async () => {
      const BULK = 2_100;
      const orgId = (await platform.newOrganisation()).organisation.id;
      const id = await connectSalesforce(app, sql, fake, orgId);
      await sql(
        `UPDATE integrations.salesforce_connections
            SET salesforce_record_delete = true, records_delete_settings = '{"lead":false,"contact":true}'
          WHERE id = $1`,
        [id],
      );
      const emails = Array.from({ length: BULK }, (_, i) => `bulk${i}@example.com`);
      const sfIds = fake.seed(
        'Contact',
        emails.map((email) => ({ LastName: 'Bulk', Email: email })),
      );
      // The records as a first pull would have left them, with the cursors past them.
      await sql(
        `INSERT INTO integrations.salesforce_records (organisation_id, connection_id, object, sf_id, email, is_selected)
         SELECT $1, $2, 'contact', u.sf_id, u.email, true FROM unnest($3::text[], $4::text[]) AS u(sf_id, email)`,
        [orgId, id, sfIds, emails],
      );
      await sql(
        `INSERT INTO integrations.salesforce_cursors (connection_id, object, last_modstamp, deleted_modstamp)
         SELECT $1, o, '2100-01-01', '2100-01-01' FROM unnest(ARRAY['lead', 'contact']) AS o`,
        [id],
      );
      const persons = emails.map((email) => ({ person_id: randomUUID(), email }));
      await app.get(Transactions).run((tx) =>
        app.get(EventPublisher).publishMany(
          tx,
          Array.from({ length: Math.ceil(BULK / PERSONS_DELETED_BATCH) }, (_, i) => ({
            definition: events.personsDeleted,
            payload: {
              organisation_id: orgId,
              persons: persons.slice(i * PERSONS_DELETED_BATCH, (i + 1) * PERSONS_DELETED_BATCH),
              occurred_at: new Date().toISOString(),
            },
          })),
        ),
      );
      await eventually(
        async () =>
          (
            await sql<{ n: number }>(
              `SELECT count(*)::int AS n FROM integrations.salesforce_delete_queue WHERE connection_id = $1`,
              [id],
            )
          )[0]!.n === BULK,
        { what: 'the deleted persons’ records to be queued' },
      );
      fake.resetCalls();
      await runNow(app, orgId, id);
      await settled(sql, id, 1);
      expect(sfIds.filter((sfId) => live('Contact', sfId))).toEqual([]);
      expect(fake.calls.bulkIngest).toBeGreaterThanOrEqual(5);
      expect(fake.calls.composite).toBe(0);
      const [left] = await sql<{ queued: number; linked: number }>(
        `SELECT (SELECT count(*) FROM integrations.salesforce_delete_queue WHERE connection_id = $1)::int AS queued,
                (SELECT count(*) FROM integrations.salesforce_records
                  WHERE connection_id = $1 AND NOT is_deleted)::int AS linked`,
        [id],
      );
      expect(left).toEqual({ queued: 0, linked: 0 });
    },
    SLOW,
  );
});
