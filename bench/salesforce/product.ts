import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createLogger, createServiceApp } from '@meridian/server-kit';
import { createTestDatabase, eventually, type FakeSalesforce, startTestPlatform } from '@meridian/testing';
import { appModule } from '../../apps/integrations-service/src/app.module';
import { loadConfig } from '../../apps/integrations-service/src/config';
import { startCampaignProcess } from '../../apps/integrations-service/test/support/campaign-process';
import {
  connectSalesforce,
  exportPersons,
  mapFields,
  runNow,
} from '../../apps/integrations-service/test/support/salesforce-sync-support';

export interface Phase {
  ms: number;
  calls: number;
}

type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** Waits until `count` runs exist, none is processing and every pulled batch is answered. */
async function settled(sql: Sql, connectionId: string, count: number): Promise<void> {
  await eventually(
    async () => {
      const [row] = await sql<{ n: number; open: number; unanswered: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'processing')::int AS open,
                COALESCE(sum(batches_published - batches_applied), 0)::int AS unanswered
           FROM integrations.salesforce_sync_runs WHERE connection_id = $1`,
        [connectionId],
      );
      return row!.n === count && row!.open === 0 && row!.unanswered === 0;
    },
    { what: `salesforce run ${count} to settle`, timeoutMs: 3_600_000, intervalMs: 200 },
  );
}

/** Persons per crmPersonsExported event, as the campaign service's feed pages them. */
const EXPORT_BATCH = 1_000;

async function postgres(): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) return async () => {};
  const embedded: string = '../../tools/postgres/embedded.mjs';
  const { startEmbeddedPostgres, freePort } = (await import(embedded)) as {
    startEmbeddedPostgres: (
      o: object,
    ) => Promise<{ url: (db?: string) => string; stop: () => Promise<void> }>;
    freePort: () => Promise<number>;
  };
  const pg = await startEmbeddedPostgres({
    dataDir: await mkdtemp(join(tmpdir(), 'salesforce-bench-pg-')),
    port: await freePort(),
    persistent: false,
  });
  process.env.DATABASE_URL = pg.url('postgres');
  return () => pg.stop();
}

/**
 * The same pull and push through the product: the integrations service (in-process) with its sync
 * engine on this fake, the campaign service as a process applying the pulled persons. The pull is
 * timed from the run's start until every pulled batch is applied; the push from a queue holding
 * `pushRows` changed persons (what the campaign service's feed exports) until the run is settled.
 */
export async function runProduct(
  fake: FakeSalesforce,
  pushRows: number,
): Promise<{ pull: Phase; push: Phase; queued: Phase; pulledPersons: number }> {
  const stopPostgres = await postgres();
  const db = await createTestDatabase('meridian_salesforce_bench');
  const platform = await startTestPlatform(db.url);
  const sqlClient = new Client({ connectionString: db.url });
  await sqlClient.connect();
  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await sqlClient.query(text, params)).rows as T[];
  const campaign = await startCampaignProcess(db.url, platform);
  const logger = createLogger('salesforce-bench', 'warn');
  const app = await createServiceApp(
    appModule(
      loadConfig({
        PORT: '0',
        DATABASE_URL: db.url,
        LOG_LEVEL: 'warn',
        AUTH_SERVICE_URL: platform.authServiceUrl,
        SALESFORCE_LOGIN_URL: fake.baseUrl,
        SALESFORCE_CLIENT_ID: fake.clientId,
        SALESFORCE_CLIENT_SECRET: fake.clientSecret,
      }),
      logger,
    ),
    logger,
  );
  try {
    const admin = await platform.newOrganisation();
    const org = admin.organisation.id;
    const conn = await connectSalesforce(app, sql, fake, org, { maxAllocated: 1_000_000 });
    await sql(`UPDATE integrations.salesforce_connections SET object_settings = $2::jsonb WHERE id = $1`, [
      conn,
      JSON.stringify({ lead: false, contact: true, account: false, opportunity: false }),
    ]);
    await mapFields(sql, org, conn, [
      { person_field: 'email', lead: 'Email', contact: 'Email', sync_preference: 'always_use_connection' },
      { person_field: 'first_name', lead: 'FirstName', contact: 'FirstName', sync_preference: 'two_way' },
      { person_field: 'last_name', lead: 'LastName', contact: 'LastName', sync_preference: 'two_way' },
      { person_field: 'title', lead: 'Title', contact: 'Title', sync_preference: 'two_way' },
    ]);

    let calls = fake.apiRequestsUsed;
    let start = performance.now();
    await runNow(app, org, conn);
    await settled(sql, conn, 1);
    const pull = { ms: performance.now() - start, calls: fake.apiRequestsUsed - calls };
    const [{ n: pulledPersons }] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM campaign.persons WHERE organisation_id = $1`,
      [org],
    );

    const persons = await sql<{ id: string; email: string }>(
      `SELECT id, email FROM campaign.persons WHERE organisation_id = $1 ORDER BY email LIMIT $2`,
      [org, pushRows],
    );
    start = performance.now();
    const now = new Date(Date.now() + 60_000).toISOString();
    for (let i = 0; i < persons.length; i += EXPORT_BATCH) {
      await exportPersons(
        app,
        org,
        conn,
        persons.slice(i, i + EXPORT_BATCH).map((p, j) => ({
          person_id: p.id,
          email: p.email,
          values: { title: `Product ${i + j}` },
          time_updated: now,
        })),
      );
    }
    await eventually(
      async () =>
        (
          await sql<{ n: number }>(
            `SELECT count(*)::int AS n FROM integrations.salesforce_push_queue WHERE connection_id = $1`,
            [conn],
          )
        )[0]!.n === persons.length,
      { what: 'the exported persons to be queued', timeoutMs: 1_800_000, intervalMs: 200 },
    );
    const queued = { ms: performance.now() - start, calls: 0 };
    calls = fake.apiRequestsUsed;
    start = performance.now();
    await runNow(app, org, conn);
    await settled(sql, conn, 2);
    const push = { ms: performance.now() - start, calls: fake.apiRequestsUsed - calls };
    const last = persons.length - 1;
    const check = fake.find('Contact', 'Email', persons[last]!.email)[0];
    if (check?.Title !== `Product ${last}`) throw new Error('the pushed value is not in Salesforce');
    return { pull, push, queued, pulledPersons };
  } finally {
    await app.close();
    await campaign.stop();
    await sqlClient.end();
    await platform.stop();
    await db.drop();
    await stopPostgres();
  }
}
