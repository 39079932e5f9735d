/**
 * Audience at scale: count and preview of a 3-group dynamic list (a person field, at least 3
 * logins in the last 30 days, an email opened) compiled by the audience compiler, against the
 * same selection written by hand, in the same run on the same data. Needs DATABASE_URL (a
 * Postgres admin URL) and the built server code (`node tools/build/build-server.mjs`).
 *
 *   DATABASE_URL=postgres://... PERSONS=1000000 EVENTS=10000000 RUNS=5 npm run bench:audience
 */
import 'reflect-metadata';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createLogger, createServiceApp } from '@meridian/server-kit';
import { createTestDatabase, startTestPlatform } from '@meridian/testing';
import { appModule } from '../../apps/campaign-service/src/app.module';
import { loadConfig } from '../../apps/campaign-service/src/config';
import { reportBench } from '../support/bench-result.mjs';
import { generate, runAudienceBench } from './run';

const TARGET_RATIO = 1.2;
const TARGET_COUNT_MS = 1000;

async function main(): Promise<void> {
  const size = {
    persons: Number(process.env.PERSONS ?? 1_000_000),
    events: Number(process.env.EVENTS ?? 10_000_000),
    runs: Number(process.env.RUNS ?? 5),
  };
  const dir = await mkdtemp(join(tmpdir(), 'audience-bench-'));
  const db = await createTestDatabase('meridian_audience_bench');
  const platform = await startTestPlatform(db.url);
  const logger = createLogger('audience-bench', 'warn');
  // Booting the service runs its migrations: the tables, indexes and functions the compiler reads.
  const app = await createServiceApp(
    appModule(
      loadConfig({
        PORT: '0',
        DATABASE_URL: db.url,
        LOG_LEVEL: 'warn',
        AUTH_SERVICE_URL: platform.authServiceUrl,
        UPLOAD_DIR: join(dir, 'uploads'),
      }),
      logger,
    ),
    logger,
  );
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    const organisationId = '0a000000-0000-4000-8000-0000000000a1';
    let start = performance.now();
    await generate(client, organisationId, '0b000000-0000-4000-8000-0000000000b1', size);
    console.log(
      `generated ${size.persons} persons, ${size.events} product events, ${size.persons} email events: ` +
        `${((performance.now() - start) / 1000).toFixed(1)} s`,
    );
    start = performance.now();
    const r = await runAudienceBench(client, organisationId, size);
    const same = r.count === r.handCount && r.previewIds.join() === r.handPreviewIds.join();
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    console.log(`selected ${r.count} (hand-written: ${r.handCount}); same rows: ${same}`);
    console.log(
      `count:   compiled ${r.countMs.toFixed(0)} ms, hand ${r.handCountMs.toFixed(0)} ms, ratio ${ratio(r.countMs, r.handCountMs)}` +
        ` (targets <= ${TARGET_RATIO}x, < ${TARGET_COUNT_MS} ms)`,
    );
    console.log(
      `preview: compiled ${r.previewMs.toFixed(0)} ms, hand ${r.handPreviewMs.toFixed(0)} ms, ratio ${ratio(r.previewMs, r.handPreviewMs)}`,
    );
    console.log(
      `medians of ${size.runs} runs; load average (1, 5, 15 min): ${loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')}`,
    );
    reportBench({
      name: 'audience',
      sizes: {
        persons: size.persons,
        'product events': size.events,
        'email events': size.persons,
        runs: size.runs,
      },
      baseline: {
        description: 'the same 3-group selection written by hand in SQL, same data, same run (medians)',
        figures: [
          { label: 'hand count', value: r.handCountMs, unit: 'ms' },
          { label: 'hand preview', value: r.handPreviewMs, unit: 'ms' },
        ],
      },
      figures: [
        { label: 'count', value: r.countMs, unit: 'ms' },
        { label: 'preview of 20', value: r.previewMs, unit: 'ms' },
      ],
      ratios: [
        { label: 'count compiled / hand', value: r.countMs / r.handCountMs, op: '<=', target: TARGET_RATIO },
        {
          label: 'preview compiled / hand',
          value: r.previewMs / r.handPreviewMs,
          op: '<=',
          target: TARGET_RATIO,
        },
      ],
      limits: [
        { label: 'count', value: r.countMs, unit: 'ms', op: '<', target: TARGET_COUNT_MS },
        { label: 'same rows as the hand-written SQL', met: same },
      ],
    });
    if (!same) process.exitCode = 1;
  } finally {
    await client.end();
    await app.close();
    await platform.stop();
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
