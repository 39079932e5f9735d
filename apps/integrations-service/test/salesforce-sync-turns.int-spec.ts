import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  createTestDatabase,
  eventually,
  FakeSalesforce,
  startTestPlatform,
  type TestDatabase,
  type TestPlatform,
} from '@meridian/testing';
import { Client } from 'pg';
import {
  connectSalesforce,
  type MappedField,
  mapFields,
  runNow,
  startSalesforceSyncApp,
} from './support/salesforce-sync-support';

const CONTACTS = 3_000;
const LEADS = 50;
const FIELDS: MappedField[] = [
  { person_field: 'email', lead: 'Email', contact: 'Email', sync_preference: 'always_use_connection' },
  {
    person_field: 'last_name',
    lead: 'LastName',
    contact: 'LastName',
    sync_preference: 'always_use_connection',
  },
];

type Run = { state: string; end_time: Date | null };

/**
 * Salesforce syncs take turns for the job slots: a long run stops at its next checkpoint when its
 * turn is over and queues again, so another organisation's run queued after it does not wait for
 * all of it. One job slot, turns of 1 ms (one REST page of 100 records a turn).
 */
describe('Salesforce syncs taking turns', () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let app: NestFastifyApplication;
  let fake: FakeSalesforce;
  let sqlClient: Client;

  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await sqlClient.query(text, params)).rows as T[];

  beforeAll(async () => {
    db = await createTestDatabase();
    platform = await startTestPlatform(db.url);
    fake = await FakeSalesforce.start({ queryPageSize: 100 });
    app = await startSalesforceSyncApp(db.url, platform, fake, {
      JOB_CONCURRENCY: '1',
      SALESFORCE_SYNC_TURN_MS: '1',
    });
    sqlClient = new Client({ connectionString: db.url });
    await sqlClient.connect();
    const base = Date.parse('2026-01-01T00:00:00Z');
    fake.seed(
      'Contact',
      Array.from({ length: CONTACTS }, (_, i) => ({
        LastName: `C${i}`,
        Email: `contact${i}@example.com`,
        SystemModstamp: base + i * 1000,
      })),
    );
    fake.seed(
      'Lead',
      Array.from({ length: LEADS }, (_, i) => ({
        LastName: `L${i}`,
        Company: 'Acme',
        Email: `lead${i}@example.com`,
      })),
    );
  }, 240_000);

  afterAll(async () => {
    await sqlClient?.end();
    await app?.close();
    await platform?.stop();
    await fake?.stop();
    await db?.drop();
  }, 120_000);

  /** A connection of a new organisation syncing one object of the fake org. */
  async function connection(object: 'contact' | 'lead') {
    const org = await platform.newOrganisation();
    const id = await connectSalesforce(app, sql, fake, org.organisation.id);
    await sql(`UPDATE integrations.salesforce_connections SET object_settings = $2::jsonb WHERE id = $1`, [
      id,
      JSON.stringify({
        lead: object === 'lead',
        contact: object === 'contact',
        account: false,
        opportunity: false,
      }),
    ]);
    await mapFields(sql, org.organisation.id, id, FIELDS);
    return { organisationId: org.organisation.id, id };
  }

  const runs = (connectionId: string) =>
    sql<Run>(
      `SELECT state, end_time FROM integrations.salesforce_sync_runs
        WHERE connection_id = $1`,
      [connectionId],
    );
  /** Records stored by the connection's runs (the read counts come with the campaign service's answers). */
  const records = async (connectionId: string) =>
    (
      await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM integrations.salesforce_records WHERE connection_id = $1`,
        [connectionId],
      )
    )[0]!.n;
  const finished = (connectionId: string) =>
    eventually(
      async () => {
        const [run] = await runs(connectionId);
        return run?.state === 'finished' ? run : undefined;
      },
      { what: 'the sync run to finish', timeoutMs: 240_000 },
    );

  it('finishes a small run queued after a long one first, and reads every record of both once', async () => {
    const [large, small] = [await connection('contact'), await connection('lead')];
    await runNow(app, large.organisationId, large.id);
    // The long run is under way (it stops at every page and queues again) when the small one is queued.
    await eventually(async () => (await records(large.id)) > 0, {
      what: 'the long run to store its first page',
      timeoutMs: 120_000,
    });
    await runNow(app, small.organisationId, small.id);

    const smallRun = await finished(small.id);
    const largeRun = await finished(large.id);
    expect(smallRun.end_time!.getTime()).toBeLessThan(largeRun.end_time!.getTime());
    // One run each, gone on with across turns rather than started again.
    expect(await runs(large.id)).toHaveLength(1);
    expect(await runs(small.id)).toHaveLength(1);
    expect(await records(small.id)).toBe(LEADS);
    expect(await records(large.id)).toBe(CONTACTS);
    // Every page was published once: 100 records a page, nothing read twice across the turns.
    const [{ batches }] = await sql<{ batches: number }>(
      `SELECT batches_published::int AS batches FROM integrations.salesforce_sync_runs WHERE connection_id = $1`,
      [large.id],
    );
    expect(batches).toBe(CONTACTS / 100);
  });
});
