/**
 * CSV import benchmark: a generated contacts file loaded (a) with psql \copy into
 * an identical indexed table and (b) through the product's import, fresh and as a
 * re-import with update on. Needs DATABASE_URL (a Postgres admin URL), psql on the
 * PATH and the built server code (`node tools/build/build-server.mjs`).
 *
 *   DATABASE_URL=postgres://... ROWS=1000000 node -r ./libs/testing/src/register-ts.cjs bench/csv-import/main.ts
 */
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createTestDatabase, startTestPlatform } from '@meridian/testing';
import { createLogger, createServiceApp } from '@meridian/server-kit';
import { appModule } from '../../apps/campaign-service/src/app.module';
import { loadConfig } from '../../apps/campaign-service/src/config';
import { CUSTOM_COLUMNS, generateCsv, HEADERS } from './generate';
import { reportBench } from '../support/bench-result.mjs';
import { productImport } from './product-import';

async function main(): Promise<void> {
  const rows = Number(process.env.ROWS ?? 1_000_000);
  const dir = await mkdtemp(join(tmpdir(), 'csv-bench-'));
  const file = join(dir, 'contacts.csv');
  const db = await createTestDatabase('meridian_bench');
  const platform = await startTestPlatform(db.url);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    console.log(`generating ${rows} rows...`);
    await generateCsv(file, rows);
    // The same emails with other values: a re-import where every contact really changes.
    const changed = join(dir, 'contacts-changed.csv');
    await generateCsv(changed, rows, 43);
    console.log(`file: ${((await stat(file)).size / 1e6).toFixed(1)} MB`);

    const client = new Client({ connectionString: db.url });
    await client.connect();
    const columns = HEADERS.map((h) => `${h} text`).join(', ');
    await client.query(`CREATE TABLE bench_raw (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), ${columns},
      _created_time timestamptz NOT NULL DEFAULT now())`);
    await client.query(`CREATE UNIQUE INDEX bench_raw_email ON bench_raw (lower(email))`);
    await client.query(`CREATE INDEX bench_raw_created ON bench_raw (_created_time DESC, id)`);
    // The contacts table keeps a trigram index on each searched column; so does the baseline.
    await client.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    for (const column of ['email', 'first_name', 'last_name'])
      await client.query(
        `CREATE INDEX bench_raw_${column}_trgm ON bench_raw USING gin (${column} gin_trgm_ops)`,
      );
    await client.end();
    let start = performance.now();
    execFileSync(
      'psql',
      [
        db.url,
        '-v',
        'ON_ERROR_STOP=1',
        '-c',
        `\\copy bench_raw (${HEADERS.join(', ')}) FROM '${file}' CSV HEADER`,
      ],
      {
        stdio: 'inherit',
      },
    );
    const raw = performance.now() - start;

    const config = loadConfig({
      PORT: '0',
      DATABASE_URL: db.url,
      LOG_LEVEL: 'warn',
      AUTH_SERVICE_URL: platform.authServiceUrl,
      UPLOAD_DIR: join(dir, 'uploads'),
    });
    const logger = createLogger('campaign-bench', 'warn');
    const app = await createServiceApp(appModule(config, logger), logger);
    await app.listen(0, '127.0.0.1');
    const base = await app.getUrl();
    const admin = await platform.newOrganisation();
    try {
      // Each result is printed as soon as it is known: a long run still says something if stopped.
      const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      console.log(`custom columns: ${CUSTOM_COLUMNS.length}`);
      console.log(`psql \\copy (indexed table): ${s(raw)}`);
      start = performance.now();
      const fresh = await productImport(base, admin.bearer, file, { enable_update: false });
      const freshMs = performance.now() - start;
      console.log(
        `product import, fresh:       ${s(freshMs)} (${JSON.stringify(fresh)}) ratio ${(raw / freshMs).toFixed(2)}x`,
      );
      start = performance.now();
      const again = await productImport(base, admin.bearer, file, {
        enable_update: true,
        overwrite_values: true,
      });
      const againMs = performance.now() - start;
      console.log(
        `product re-import (update):  ${s(againMs)} (${JSON.stringify(again)}) ratio ${(raw / againMs).toFixed(2)}x`,
      );
      start = performance.now();
      const changes = await productImport(base, admin.bearer, changed, {
        enable_update: true,
        overwrite_values: true,
      });
      const changesMs = performance.now() - start;
      console.log(
        `re-import, every row changed: ${s(changesMs)} (${JSON.stringify(changes)}) ratio ${(raw / changesMs).toFixed(2)}x`,
      );
      console.log(`peak RSS (bench + service in one process): ${(peak / 1024 / 1024).toFixed(0)} MB`);
      // Other work on the machine skews both timings; the load says how much.
      console.log(
        `load average at the end (1, 5, 15 min): ${loadavg()
          .map((l) => l.toFixed(1))
          .join(', ')}`,
      );
      const peakMb = peak / 1024 / 1024;
      reportBench({
        name: 'csv-import',
        sizes: { rows, columns: HEADERS.length },
        baseline: {
          description: 'psql \\copy of the same file into an identical indexed table',
          figures: [{ label: 'psql \\copy', value: raw / 1000, unit: 's' }],
        },
        figures: [
          { label: 'fresh import', value: freshMs / 1000, unit: 's' },
          { label: 're-import of the same file', value: againMs / 1000, unit: 's' },
          { label: 're-import, every row changed', value: changesMs / 1000, unit: 's' },
          { label: 'peak RSS', value: peakMb, unit: 'MB' },
        ],
        ratios: [
          { label: 'fresh', value: raw / freshMs, op: '>=', target: 0.5 },
          { label: 're-import', value: raw / againMs, op: '>=', target: 0.35 },
          { label: 're-import, every row changed', value: raw / changesMs, op: '>=', target: 0.35 },
        ],
        limits: [{ label: 'peak RSS', value: peakMb, unit: 'MB', op: '<=', target: 512 }],
      });
    } finally {
      await app.close();
    }
  } finally {
    clearInterval(sampler);
    await platform.stop();
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
