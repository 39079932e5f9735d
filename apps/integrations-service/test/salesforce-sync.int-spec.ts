import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  type Endpoint,
  salesforceHistoryDetailsContract,
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
import { Client } from 'pg';
import request from 'supertest';
import { SalesforceSyncTickProcessor } from '../src/modules/salesforce/sync/salesforce-sync-tick.processor';
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

const LEADS = 2_500;
const CONTACTS = 2_500;
/** Emails on both a lead and a contact: the contact is the person's selected record. */
const SHARED = 20;
const PERSONS = LEADS + CONTACTS + SHARED;
/** Thousands of records through two services on a shared 2-core machine: a bound, never a measurement. */
const SLOW = 300_000;

const FIELDS: MappedField[] = [
  { person_field: 'email', lead: 'Email', contact: 'Email', sync_preference: 'always_use_connection' },
  {
    person_field: 'first_name',
    lead: 'FirstName',
    contact: 'FirstName',
    sync_preference: 'always_use_connection',
  },
  {
    person_field: 'last_name',
    lead: 'LastName',
    contact: 'LastName',
    sync_preference: 'always_use_connection',
  },
  { person_field: 'title', lead: 'Title', contact: 'Title', sync_preference: 'two_way' },
  { person_field: 'phone_number', lead: 'Phone', contact: 'Phone', sync_preference: 'prefer_connection' },
];

type Count = { updated: number; inserted: number; failed: number };
type Run = {
  id: string;
  state: string;
  sync_read_count: Record<string, Count>;
  sync_write_count: Record<string, Count>;
  total_records: number;
  api_calls: number;
  deferred_count: number;
  error: string | null;
};

describe('Salesforce sync engine', () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let app: NestFastifyApplication;
  let campaign: CampaignProcess;
  let sqlClient: Client;
  let fake: FakeSalesforce;
  let admin: SignedIn;
  let user: SignedIn;
  let stranger: SignedIn;
  let connectionId: string;

  const startApp = () => startSalesforceSyncApp(db.url, platform, fake);

  const call = (contract: Endpoint, body: unknown, who: SignedIn) =>
    request(app.getHttpServer())
      .post(contract.fullPath)
      .set({ Authorization: `Bearer ${who.bearer}` })
      .send(body as object);
  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await sqlClient.query(text, params)).rows as T[];

  const runs = async (id: string, who: SignedIn = admin): Promise<Run[]> =>
    (
      await call(
        salesforceSyncRunsListContract,
        { connection_id: id, should_include_empty_runs: true, page_size: 50 },
        who,
      ).expect(200)
    ).body.runs.reverse();
  const personCount = async (organisationId: string) =>
    (
      await sql<{ n: number }>(`SELECT count(*)::int AS n FROM campaign.persons WHERE organisation_id = $1`, [
        organisationId,
      ])
    )[0]!.n;
  const person = async (organisationId: string, email: string) =>
    (
      await sql<{ id: string; first_name: string; title: string | null; phone_number: string | null }>(
        `SELECT id, first_name, title, phone_number FROM campaign.persons
          WHERE organisation_id = $1 AND lower(email) = lower($2)`,
        [organisationId, email],
      )
    )[0];
  const read = (run: Run, object: string) => run.sync_read_count[object]!;

  /** Connects a new organisation to the fake with the standard mapping. */
  async function newConnection(settings: { maxAllocated?: number } = {}) {
    const org = await platform.newOrganisation();
    const id = await connectSalesforce(app, sql, fake, org.organisation.id, settings);
    await mapFields(sql, org.organisation.id, id, FIELDS);
    return { org, id };
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    platform = await startTestPlatform(db.url);
    fake = await FakeSalesforce.start({ queryPageSize: 1000 });
    app = await startApp();
    campaign = await startCampaignProcess(db.url, platform);
    sqlClient = new Client({ connectionString: db.url });
    await sqlClient.connect();
    admin = await platform.newOrganisation();
    user = await platform.newUser(admin);
    stranger = await platform.newOrganisation();

    const base = Date.parse('2026-01-01T00:00:00Z');
    fake.seed('Lead', [
      ...Array.from({ length: LEADS }, (_, i) => ({
        FirstName: 'Lead',
        LastName: `L${i}`,
        Company: 'Acme',
        Email: `lead${i}@example.com`,
        Title: `Title ${i}`,
        // Pairs share a stamp: the Id breaks the tie of the cursor.
        SystemModstamp: base + Math.floor(i / 2) * 1000,
      })),
      ...Array.from({ length: SHARED }, (_, i) => ({
        LastName: `S${i}`,
        Company: 'Acme',
        Email: `both${i}@example.com`,
        Title: 'Lead title',
      })),
    ]);
    fake.seed('Contact', [
      ...Array.from({ length: CONTACTS }, (_, i) => ({
        FirstName: 'Contact',
        LastName: `C${i}`,
        Email: `contact${i}@example.com`,
        Phone: i % 2 === 0 ? `555-${i}` : null,
        SystemModstamp: base + i * 1000,
      })),
      ...Array.from({ length: SHARED }, (_, i) => ({
        LastName: `S${i}`,
        Email: `both${i}@example.com`,
        Title: 'Contact title',
      })),
    ]);
    connectionId = await connectSalesforce(app, sql, fake, admin.organisation.id);
    await mapFields(sql, admin.organisation.id, connectionId, FIELDS);
  }, 240_000);

  afterAll(async () => {
    await sqlClient?.end();
    await app?.close();
    await campaign?.stop();
    await platform?.stop();
    await fake?.stop();
    await db?.drop();
  }, SLOW);

  it(
    'pulls every lead and contact into persons with mapped values, then only what changed',
    async () => {
      const org = admin.organisation.id;
      await runNow(app, org, connectionId);
      await settled(sql, connectionId, 1);
      expect((await runs(connectionId))[0]).toMatchObject({ state: 'finished', error: null });
      expect(await personCount(org)).toBe(PERSONS);
      expect(await person(org, 'lead7@example.com')).toMatchObject({ first_name: 'Lead', title: 'Title 7' });
      expect(await person(org, 'contact4@example.com')).toMatchObject({ phone_number: '555-4' });
      expect((await person(org, 'both3@example.com'))?.title).toBe('Contact title');

      const [first] = await runs(connectionId, user);
      expect(first).toMatchObject({ state: 'finished', total_records: PERSONS, deferred_count: 0 });
      expect(read(first!, 'contact')).toEqual({ inserted: CONTACTS + SHARED, updated: 0, failed: 0 });
      // The shared leads are stored but not their person's record: not published.
      expect(read(first!, 'lead')).toEqual({ inserted: LEADS, updated: 0, failed: 0 });
      expect(first!.sync_read_count.account).toEqual({ inserted: 0, updated: 0, failed: 0 });
      // 2,520 of each in pages of 1,000: three REST calls per object, and one queryAll per object
      // for records deleted in Salesforce.
      expect(first!.api_calls).toBe(8);

      const details = await call(
        salesforceHistoryDetailsContract,
        { connection_id: connectionId },
        user,
      ).expect(200);
      expect(details.body).toMatchObject({
        total_lead_count: LEADS + SHARED,
        total_contact_count: CONTACTS + SHARED,
        total_new_lead_count: LEADS + SHARED,
        total_account_count: 0,
      });
      expect(details.body.last_completed).not.toBeNull();
      expect(details.body.next_sync_time).not.toBeNull();

      const [lead] = fake.find('Lead', 'Email', 'lead42@example.com');
      fake.edit('Lead', lead!.Id, { Title: 'Changed in Salesforce' });
      const queriesBefore = fake.calls.query;
      await runNow(app, org, connectionId);
      await settled(sql, connectionId, 2);
      const second = (await runs(connectionId))[1]!;
      expect(read(second, 'lead')).toEqual({ inserted: 0, updated: 1, failed: 0 });
      expect(read(second, 'contact')).toEqual({ inserted: 0, updated: 0, failed: 0 });
      // One page per object of changes, one of deletions.
      expect(fake.calls.query - queriesBefore).toBe(4);
      expect((await person(org, 'lead42@example.com'))?.title).toBe('Changed in Salesforce');

      // Empty runs are left out unless asked for.
      const hidden = await call(salesforceSyncRunsListContract, { connection_id: connectionId }, user).expect(
        200,
      );
      expect(hidden.body.total).toBe(2);
    },
    SLOW,
  );

  it(
    'pushes a changed person to their selected record, without pulling the echo back',
    async () => {
      const org = admin.organisation.id;
      const lead = await person(org, 'lead7@example.com');
      await exportPersons(app, org, connectionId, [
        {
          person_id: lead!.id,
          email: 'lead7@example.com',
          values: { title: 'Chief Tinkerer', first_name: 'Lead' },
        },
      ]);
      await eventually(
        async () =>
          (
            await sql(`SELECT 1 FROM integrations.salesforce_push_queue WHERE connection_id = $1`, [
              connectionId,
            ])
          ).length === 1,
        { what: 'the exported person to be queued' },
      );
      await runNow(app, org, connectionId);
      await settled(sql, connectionId, 3);
      expect(fake.find('Lead', 'Email', 'lead7@example.com')[0]).toMatchObject({ Title: 'Chief Tinkerer' });
      const third = (await runs(connectionId))[2]!;
      expect(third.sync_write_count.lead).toEqual({ inserted: 0, updated: 1, failed: 0 });

      await runNow(app, org, connectionId);
      await settled(sql, connectionId, 4);
      const fourth = (await runs(connectionId))[3]!;
      expect(fourth.total_records).toBe(0);
      expect(
        await sql(`SELECT 1 FROM integrations.salesforce_push_queue WHERE connection_id = $1`, [
          connectionId,
        ]),
      ).toEqual([]);
    },
    SLOW,
  );

  it(
    'records a field permission error when a field is read-only, and keeps the person queued',
    async () => {
      const org = admin.organisation.id;
      fake.setFieldAccess('Contact', 'Title', { editable: false });
      const contact = await person(org, 'contact9@example.com');
      await exportPersons(app, org, connectionId, [
        { person_id: contact!.id, email: 'contact9@example.com', values: { title: 'Not allowed' } },
      ]);
      await eventually(
        async () =>
          (
            await sql(`SELECT 1 FROM integrations.salesforce_push_queue WHERE connection_id = $1`, [
              connectionId,
            ])
          ).length === 1,
        { what: 'the exported person to be queued' },
      );
      await runNow(app, org, connectionId);
      await settled(sql, connectionId, 5);
      const [error] = await sql(
        `SELECT error_class, direction, object, email, attempts FROM integrations.salesforce_errors WHERE connection_id = $1`,
        [connectionId],
      );
      expect(error).toEqual({
        error_class: 'field_permission',
        direction: 'write',
        object: 'contact',
        email: 'contact9@example.com',
        attempts: 1,
      });
      const queued = await sql<{ attempts: number }>(
        `SELECT attempts FROM integrations.salesforce_push_queue WHERE connection_id = $1`,
        [connectionId],
      );
      expect(queued).toEqual([{ attempts: 1 }]);
      expect((await runs(connectionId))[4]!.sync_write_count.contact).toEqual({
        inserted: 0,
        updated: 0,
        failed: 1,
      });
      fake.setFieldAccess('Contact', 'Title', { editable: true });
    },
    SLOW,
  );

  it(
    'the tick runs a connection whose time has come, then schedules the next run an hour on',
    async () => {
      const before = (await runs(connectionId)).length;
      await sql(
        `UPDATE integrations.salesforce_connections SET next_run_at = now() - interval '1 minute' WHERE id = $1`,
        [connectionId],
      );
      await app.get(SalesforceSyncTickProcessor).handle();
      await settled(sql, connectionId, before + 1);
      const [row] = await sql<{ trigger: string; hours: number }>(
        `SELECT r.trigger, round(extract(epoch FROM c.next_run_at - r.end_time) / 3600)::int AS hours
         FROM integrations.salesforce_sync_runs r JOIN integrations.salesforce_connections c ON c.id = r.connection_id
        WHERE r.connection_id = $1 ORDER BY r.start_time DESC LIMIT 1`,
        [connectionId],
      );
      expect(row).toEqual({ trigger: 'schedule', hours: 1 });
      expect((await runs(connectionId)).at(-1)).toMatchObject({ state: 'finished', error: null });
    },
    SLOW,
  );

  it(
    'defers work when the API budget is spent and goes on the next day',
    async () => {
      const { org, id } = await newConnection({ maxAllocated: 4 });
      const orgId = org.organisation.id;
      await runNow(app, orgId, id);
      await settled(sql, id, 1);
      const [first] = await runs(id, org);
      // Three contact pages and one lead page; the next lead page and the deletions' read wait.
      expect(first).toMatchObject({ state: 'finished', api_calls: 4, deferred_count: 2 });
      expect(await personCount(orgId)).toBe(CONTACTS + SHARED + 1000);

      await sql(`UPDATE integrations.salesforce_api_usage SET day = day - 1 WHERE organisation_id = $1`, [
        orgId,
      ]);
      await runNow(app, orgId, id);
      await settled(sql, id, 2);
      const second = (await runs(id, org))[1]!;
      // The rest of the leads and the contacts' deletions read take the day's four calls; the leads'
      // deletions read waits for the next run.
      expect(second).toMatchObject({ state: 'finished', api_calls: 4, deferred_count: 1 });
      expect(await personCount(orgId)).toBe(PERSONS);
      expect(read(second, 'lead')).toEqual({ inserted: LEADS - 1000, updated: 0, failed: 0 });
    },
    SLOW,
  );

  it(
    'goes on after the service stops mid-run, publishing each record once',
    async () => {
      const { org, id } = await newConnection();
      const orgId = org.organisation.id;
      fake.apiLatencyMs = 1500;
      await runNow(app, orgId, id);
      await eventually(
        async () =>
          (
            await sql<{ n: number }>(
              `SELECT COALESCE(max(batches_published), 0)::int AS n FROM integrations.salesforce_sync_runs
                WHERE connection_id = $1`,
              [id],
            )
          )[0]!.n > 0,
        { what: 'the first page of the slow run', timeoutMs: 120_000, intervalMs: 50 },
      );
      await app.close();
      fake.apiLatencyMs = 0;
      const [stopped] = await sql<{ state: string }>(
        `SELECT state FROM integrations.salesforce_sync_runs WHERE connection_id = $1`,
        [id],
      );
      expect(stopped!.state).toBe('processing');

      app = await startApp();
      await runNow(app, orgId, id);
      await settled(sql, id, 1);
      const [done] = await runs(id, org);
      expect(done!.state).toBe('finished');
      expect(read(done!, 'contact')).toEqual({ inserted: CONTACTS + SHARED, updated: 0, failed: 0 });
      expect(read(done!, 'lead')).toEqual({ inserted: LEADS, updated: 0, failed: 0 });
      expect(await personCount(orgId)).toBe(PERSONS);
    },
    SLOW,
  );

  it(
    'reads and writes large volumes through Bulk API 2.0 jobs, with fewer calls',
    async () => {
      const BULK_LEADS = 11_000;
      fake.seed(
        'Lead',
        Array.from({ length: BULK_LEADS }, (_, i) => ({
          LastName: `B${i}`,
          Company: 'Bulk',
          Email: `bulk${i}@example.com`,
          Title: 'Bulk lead',
        })),
      );
      const { org, id } = await newConnection();
      const orgId = org.organisation.id;
      fake.resetCalls();
      await runNow(app, orgId, id);
      await settled(sql, id, 1);
      expect(await personCount(orgId)).toBe(PERSONS + BULK_LEADS);
      const [pulled] = await runs(id, org);
      expect(read(pulled!, 'lead')).toEqual({ inserted: LEADS + BULK_LEADS, updated: 0, failed: 0 });
      // One REST page of leads, then one job (create, polls, result pages) instead of 13 more pages;
      // three pages of contacts; one deletions' read per object.
      expect(fake.calls.bulkQuery).toBeGreaterThanOrEqual(3);
      expect(fake.calls.query).toBe(6);

      const persons = await sql<{ id: string; email: string }>(
        `SELECT id, email FROM campaign.persons WHERE organisation_id = $1 AND email LIKE 'bulk%' ORDER BY email LIMIT 2500`,
        [orgId],
      );
      await exportPersons(
        app,
        orgId,
        id,
        persons.map((p) => ({ person_id: p.id, email: p.email, values: { title: 'Pushed in bulk' } })),
      );
      await eventually(
        async () =>
          (
            await sql<{ n: number }>(
              `SELECT count(*)::int AS n FROM integrations.salesforce_push_queue WHERE connection_id = $1`,
              [id],
            )
          )[0]!.n === 2500,
        { what: 'the exported persons to be queued' },
      );
      fake.resetCalls();
      await runNow(app, orgId, id);
      await settled(sql, id, 2);
      expect((await runs(id, org))[1]).toMatchObject({ state: 'finished', error: null, deferred_count: 0 });
      expect(fake.find('Lead', 'Title', 'Pushed in bulk')).toHaveLength(2500);
      expect((await runs(id, org))[1]!.sync_write_count.lead).toEqual({
        inserted: 0,
        updated: 2500,
        failed: 0,
      });
      expect(fake.calls.bulkIngest).toBeGreaterThanOrEqual(6);
      expect(fake.calls.composite).toBe(0);
    },
    SLOW,
  );

  it(
    'creates a Lead for a person without a record when record creation is on',
    async () => {
      const org = admin.organisation.id;
      await sql(
        `UPDATE integrations.salesforce_connections SET salesforce_record_create = true WHERE id = $1`,
        [connectionId],
      );
      const before = (await runs(connectionId)).length;
      await exportPersons(app, org, connectionId, [
        {
          person_id: 'fresh-1',
          email: 'fresh@example.com',
          values: { last_name: 'Fresh', title: 'Newcomer' },
        },
      ]);
      await eventually(
        async () =>
          (
            await sql(
              `SELECT 1 FROM integrations.salesforce_push_queue WHERE connection_id = $1 AND person_id = 'fresh-1'`,
              [connectionId],
            )
          ).length === 1,
        { what: 'the exported person to be queued' },
      );
      await runNow(app, org, connectionId);
      await settled(sql, connectionId, before + 1);
      const [lead] = fake.find('Lead', 'Email', 'fresh@example.com');
      expect(lead).toMatchObject({ LastName: 'Fresh', Title: 'Newcomer', Company: '[not provided]' });
      expect((await runs(connectionId)).at(-1)!.sync_write_count.lead).toEqual({
        inserted: 1,
        updated: 0,
        failed: 0,
      });
      const [record] = await sql(
        `SELECT object, is_selected FROM integrations.salesforce_records WHERE connection_id = $1 AND sf_id = $2`,
        [connectionId, lead!.Id],
      );
      expect(record).toEqual({ object: 'lead', is_selected: true });
      await sql(
        `UPDATE integrations.salesforce_connections SET salesforce_record_create = false WHERE id = $1`,
        [connectionId],
      );
    },
    SLOW,
  );

  it(
    'shows the runs only to the organisation: another one gets a 404',
    async () => {
      await call(salesforceSyncRunsListContract, { connection_id: connectionId }, stranger).expect(404);
      await call(salesforceHistoryDetailsContract, { connection_id: connectionId }, stranger).expect(404);
      const bad = await call(
        salesforceSyncRunsListContract,
        { connection_id: connectionId, start_time: '2026-02-01T00:00:00Z', end_time: '2026-01-01T00:00:00Z' },
        admin,
      ).expect(400);
      expect(JSON.stringify(bad.body)).toContain('End time must be after the start time');
    },
    SLOW,
  );

  it(
    'keeps the newest values of a person queued, whatever order their exports arrive in',
    async () => {
      const org = admin.organisation.id;
      const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
      const queued = async (personId: string) =>
        (
          await sql<{ title: string }>(
            `SELECT person_values ->> 'title' AS title FROM integrations.salesforce_push_queue
              WHERE connection_id = $1 AND person_id = $2`,
            [connectionId, personId],
          )
        )[0]?.title;
      const exported = (personId: string, title: string, minutesAgo: number) => ({
        person_id: personId,
        email: `${personId}@example.com`,
        values: { title },
        time_updated: at(minutesAgo),
      });
      // One batch, newest first; then an older export on its own, arriving last.
      await exportPersons(app, org, connectionId, [
        exported('order-1', 'Newest', 1),
        exported('order-1', 'Older', 5),
      ]);
      await eventually(async () => (await queued('order-1')) === 'Newest', {
        what: 'the newest values queued',
      });
      await exportPersons(app, org, connectionId, [exported('order-1', 'Stale', 10)]);
      // Another person's export after it: once that one is queued, the stale one was handled (in order).
      await exportPersons(app, org, connectionId, [exported('order-2', 'Marker', 0)]);
      await eventually(async () => (await queued('order-2')) === 'Marker', {
        what: 'the later export queued',
      });
      expect(await queued('order-1')).toBe('Newest');
      await sql(`DELETE FROM integrations.salesforce_push_queue WHERE person_id IN ('order-1', 'order-2')`);
    },
    SLOW,
  );

  it(
    'ends the run in error and pauses the connection when the login is revoked',
    async () => {
      const org = admin.organisation.id;
      fake.revokeAuthorization();
      fake.expireSessions();
      const before = (await runs(connectionId)).length;
      await runNow(app, org, connectionId);
      await settled(sql, connectionId, before + 1);
      expect((await runs(connectionId)).at(-1)).toMatchObject({
        state: 'error',
        error: expect.stringMatching(/refresh/),
      });
      const [row] = await sql(
        `SELECT is_sync_active, error IS NOT NULL AS has_error, error_time IS NOT NULL AS has_time
         FROM integrations.salesforce_connections WHERE id = $1`,
        [connectionId],
      );
      expect(row).toEqual({ is_sync_active: false, has_error: true, has_time: true });
    },
    SLOW,
  );
});
