/**
 * Warehouse sync benchmark: a Postgres warehouse of ROWS customers (default 1,000,000) synced by
 * content hash through the product (integrations service -> contactsSynced batches -> campaign
 * service's bulk upsert), then again with 10% of the rows changed, then with nothing changed.
 * The changed run is compared, in the same run of the bench, with a psql pipeline doing the same
 * work: COPY every row with its MD5 out of the warehouse into a staging table, find the changed
 * rows against stored hashes, upsert them into a copy of the contacts table, store the new hashes.
 *
 *   npm run bench:sync                   (embedded Postgres)
 *   DATABASE_URL=postgres://... ROWS=1000000 npm run bench:sync
 */
import 'reflect-metadata';
import { execSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { createLogger, createServiceApp, JobQueue } from '@meridian/server-kit';
import { createTestDatabase, eventually, startTestPlatform } from '@meridian/testing';
import {
  warehouseConnectionCreateContract,
  warehouseSchemaSetContract,
  warehouseSyncSaveContract,
} from '@meridian/contracts';
import { appModule } from '../../apps/integrations-service/src/app.module';
import { loadConfig } from '../../apps/integrations-service/src/config';
import {
  syncRunJobKey,
  warehouseSyncRunJob,
} from '../../apps/integrations-service/src/modules/warehouse/syncs/sync.jobs';
import { startCampaignProcess } from '../../apps/integrations-service/test/support/campaign-process';
import { reportBench } from '../support/bench-result.mjs';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const CHANGED_SHARE = 0.1;

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
    dataDir: await mkdtemp(join(tmpdir(), 'sync-bench-pg-')),
    port: await freePort(),
    persistent: false,
  });
  process.env.DATABASE_URL = pg.url('postgres');
  return () => pg.stop();
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function main(): Promise<void> {
  const stopPostgres = await postgres();
  const db = await createTestDatabase('meridian_sync_bench');
  const warehouse = await createTestDatabase('warehouse_sync_bench');
  const platform = await startTestPlatform(db.url);
  const wh = new Client({ connectionString: warehouse.url });
  const svc = new Client({ connectionString: db.url });
  await wh.connect();
  await svc.connect();
  const reader = `bench_reader_${Date.now()}`;
  try {
    console.log(`warehouse: generating ${ROWS} customers...`);
    await wh.query(`
      CREATE ROLE ${reader} LOGIN PASSWORD 'bench-secret';
      CREATE SCHEMA analytics;
      GRANT USAGE ON SCHEMA analytics TO ${reader};
      CREATE TABLE analytics.customers (id bigint PRIMARY KEY, email text NOT NULL, first_name text,
        last_name text, company text, seats integer, plan text);
      INSERT INTO analytics.customers
        SELECT n, 'customer' || n || '@bench.test', 'First ' || n, 'Last ' || n, 'Company ' || (n % 5000),
               n % 500, (ARRAY['free', 'team', 'business'])[1 + n % 3]
        FROM generate_series(1, ${ROWS}) n;
      GRANT SELECT ON analytics.customers TO ${reader};
      ANALYZE analytics.customers;`);

    const campaign = await startCampaignProcess(db.url, platform);
    const config = loadConfig({
      PORT: '0',
      DATABASE_URL: db.url,
      LOG_LEVEL: 'warn',
      AUTH_SERVICE_URL: platform.authServiceUrl,
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1,localhost',
    });
    const logger = createLogger('integrations-bench', 'warn');
    const app = await createServiceApp(appModule(config, logger), logger);
    try {
      const admin = await platform.newOrganisation();
      const call = (path: string, body: object) =>
        request(app.getHttpServer())
          .post(path)
          .set({ Authorization: `Bearer ${admin.bearer}` })
          .send(body)
          .expect(200);
      const url = new URL(warehouse.url);
      const created = await call(warehouseConnectionCreateContract.fullPath, {
        typ: 'postgres',
        label: 'Bench warehouse',
        host_name: url.hostname,
        port: Number(url.port),
        database_name: warehouse.name,
        user_name: reader,
        password: 'bench-secret',
      });
      const connectionId = created.body.connection.id as string;
      await call(warehouseSchemaSetContract.fullPath, {
        connection_id: connectionId,
        schema_name: 'analytics',
      });

      const settled = async (runs: number) =>
        eventually(
          async () => {
            const [row] = (
              await svc.query(
                `SELECT count(*)::int AS n, count(*) FILTER (WHERE state <> 'finished')::int AS open,
                   COALESCE(sum(batches_published - batches_applied), 0)::int AS unanswered,
                   max(time_sync_finished) AS finished
                 FROM integrations.warehouse_sync_runs WHERE connection_id = $1`,
                [connectionId],
              )
            ).rows as { n: number; open: number; unanswered: number }[];
            return row!.n === runs && row!.open === 0 && row!.unanswered === 0;
          },
          { what: `sync run ${runs}`, timeoutMs: 3_600_000, intervalMs: 200 },
        );
      const lastRun = async () =>
        (
          await svc.query(
            `SELECT records_read_count::int AS read, records_inserted_count::int AS inserted,
               records_updated_count::int AS updated, batches_published AS batches,
               extract(epoch FROM time_sync_finished - time_sync_started) AS run_seconds,
               (SELECT sum((p.value->>'scanned')::int) FROM jsonb_each(progress) p) AS keys_compared,
               (SELECT sum((p.value->>'rescanned')::int) FROM jsonb_each(progress) p) AS ranges_scanned,
               (SELECT count(*) FROM integrations.warehouse_hash_ranges) AS ranges_stored
             FROM integrations.warehouse_sync_runs WHERE connection_id = $1 ORDER BY time_sync_started DESC LIMIT 1`,
            [connectionId],
          )
        ).rows[0] as Record<string, number>;

      // 1. The first sync: every row.
      let start = performance.now();
      await call(warehouseSyncSaveContract.fullPath, {
        connection_id: connectionId,
        sync_interval: 6,
        enable_sync: true,
        tables: [
          {
            table_name: 'customers',
            destination_table_name: 'person',
            columns: [
              { column_name: 'id', destination_column_name: 'customer_id', primary_key: true },
              { column_name: 'email', destination_column_name: 'email' },
              { column_name: 'first_name', destination_column_name: 'first_name' },
              { column_name: 'last_name', destination_column_name: 'last_name' },
              { column_name: 'company', destination_column_name: 'company_name' },
              { column_name: 'seats', destination_column_name: 'seats' },
              { column_name: 'plan', destination_column_name: 'plan' },
            ],
          },
        ],
      });
      await settled(1);
      const initial = performance.now() - start;
      console.log(`initial sync: ${seconds(initial)} s, load ${load()}`, await lastRun());

      const [{ id: syncId }] = (
        await svc.query(`SELECT id FROM integrations.warehouse_syncs WHERE connection_id = $1`, [
          connectionId,
        ])
      ).rows as { id: string }[];
      const runNow = () =>
        app
          .get(JobQueue)
          .enqueue(
            undefined,
            warehouseSyncRunJob,
            { organisationId: admin.organisation.id, syncId },
            { jobKey: syncRunJobKey(syncId) },
          );

      // The baseline's own copies of what the product keeps: the contacts and the row hashes.
      await svc.query(`CREATE TABLE bench_persons (LIKE campaign.persons INCLUDING ALL)`);
      await svc.query(`INSERT INTO bench_persons SELECT * FROM campaign.persons WHERE organisation_id = $1`, [
        admin.organisation.id,
      ]);
      await svc.query(`CREATE TABLE bench_hashes (key text PRIMARY KEY, hash uuid NOT NULL)`);
      await svc.query(`INSERT INTO bench_hashes SELECT key, hash FROM integrations.warehouse_row_hashes`);
      await svc.query(`CREATE UNLOGGED TABLE bench_stage (key text, hash uuid, email text, first_name text,
        last_name text, company text, seats integer, plan text)`);
      await svc.query('VACUUM ANALYZE bench_persons, bench_hashes');

      // 2. 10% of the rows change.
      await wh.query(`UPDATE analytics.customers SET first_name = first_name || ' changed'
        WHERE id % ${Math.round(1 / CHANGED_SHARE)} = 0`);
      await wh.query('VACUUM ANALYZE analytics.customers');

      start = performance.now();
      await runNow();
      await settled(2);
      const product = performance.now() - start;
      const changedRun = await lastRun();
      console.log(`changed sync: ${seconds(product)} s, load ${load()}`, changedRun);

      // The psql pipeline over the same rows: COPY out with hashes, COPY in, diff, upsert, store hashes.
      const hash = `md5(coalesce(id::text, chr(30)) || chr(31) || coalesce(email, chr(30)) || chr(31) ||
        coalesce(first_name, chr(30)) || chr(31) || coalesce(last_name, chr(30)) || chr(31) ||
        coalesce(company, chr(30)) || chr(31) || coalesce(seats::text, chr(30)) || chr(31) || coalesce(plan, chr(30)))`;
      start = performance.now();
      execSync(
        `psql "${warehouse.url}" -v ON_ERROR_STOP=1 -c "\\copy (SELECT id::text, ${hash.replace(/\s+/g, ' ')}, email, first_name, last_name, company, seats, plan FROM analytics.customers) TO STDOUT" | ` +
          `psql "${db.url}" -v ON_ERROR_STOP=1 -c "\\copy bench_stage FROM STDIN"`,
        { stdio: 'inherit', shell: '/bin/bash' },
      );
      await svc.query('BEGIN');
      const updated = await svc.query(
        `UPDATE bench_persons p SET first_name = s.first_name, last_name = s.last_name, company_name = s.company,
           custom_fields = p.custom_fields || jsonb_build_object('customer_id', s.key, 'seats', s.seats, 'plan', s.plan),
           _updated_time = now()
         FROM bench_stage s JOIN bench_hashes h ON h.key = s.key
         WHERE h.hash <> s.hash AND p.organisation_id = $1 AND lower(p.email) = lower(s.email)`,
        [admin.organisation.id],
      );
      await svc.query(
        `UPDATE bench_hashes h SET hash = s.hash FROM bench_stage s WHERE h.key = s.key AND h.hash <> s.hash`,
      );
      await svc.query('COMMIT');
      const baseline = performance.now() - start;
      console.log(
        `psql pipeline: ${seconds(baseline)} s, ${updated.rowCount} contacts updated, load ${load()}`,
      );

      // 3. Nothing changed.
      start = performance.now();
      await runNow();
      await settled(3);
      const unchanged = performance.now() - start;
      console.log(`no-change sync: ${seconds(unchanged)} s, load ${load()}`, await lastRun());

      console.log('\nresult');
      console.log(`rows: ${ROWS}, changed: ${changedRun.read}`);
      console.log(`initial sync: ${seconds(initial)} s`);
      console.log(
        `changed sync: ${seconds(product)} s; psql pipeline ${seconds(baseline)} s; ratio ${(baseline / product).toFixed(2)}x (target >= 0.5x)`,
      );
      console.log(`no-change sync: ${seconds(unchanged)} s (target < 10 s)`);
      console.log(
        `load average: ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      );
      reportBench({
        name: 'sync',
        sizes: { rows: ROWS, columns: 7, 'changed rows': Number(changedRun.read) },
        baseline: {
          description:
            'psql \\copy of every row with its MD5 into staging + one UPDATE of a copy of the contacts + one UPDATE of the stored hashes',
          figures: [{ label: 'psql pipeline', value: baseline / 1000, unit: 's' }],
        },
        figures: [
          { label: 'first sync', value: initial / 1000, unit: 's' },
          { label: 'changed sync', value: product / 1000, unit: 's' },
          { label: 'no-change sync', value: unchanged / 1000, unit: 's' },
        ],
        ratios: [{ label: 'changed sync, psql / product', value: baseline / product, op: '>=', target: 0.5 }],
        limits: [{ label: 'no-change sync', value: unchanged / 1000, unit: 's', op: '<', target: 10 }],
      });
    } finally {
      await app.close();
      await campaign.stop();
    }
  } finally {
    await wh.end();
    await svc.end();
    await platform.stop();
    await db.drop();
    await warehouse.drop();
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP ROLE IF EXISTS ${reader}`).catch(() => undefined);
    await admin.end();
    await stopPostgres();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
