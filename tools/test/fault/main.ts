/**
 * The fault-injection tier: issue 14's invariants held by a real campaign run while workers are
 * killed (-9), database connections terminated, the SMTP server tempfails and drops connections,
 * and persons unsubscribe mid-run. The built campaign service runs as one HTTP process and two
 * workers against its own database; each seed is a fresh organisation and campaign. Beside the
 * run, a warehouse sync of as many rows (two integrations processes, killed and cut off too).
 *
 *   npm run test:fault                                  2 seeds x 1,000 persons (what CI runs; the Kafka tier adds a third on the broker)
 *   npm run test:fault -- --seeds 20 --persons 10000    the long version
 *   npm run test:fault -- --seed 7                      one seed again
 *   npm run test:fault -- --kafka --seeds 20 --persons 10000
 *       the same on a real Kafka broker, which is stopped and started again mid-run
 *
 * Options: --seeds N, --persons N, --first-seed N (seeds first..first+N-1), --seed N (just N),
 * --kafka, --no-build. DATABASE_URL: an existing Postgres admin URL, else an embedded one is started.
 * FAULT_ENV='A=1,B=2' adds settings to the service processes.
 */
import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  createTestDatabase,
  type KafkaBroker,
  kafkaUnavailableReason,
  startKafkaBroker,
  startTestPlatform,
} from '@meridian/testing';
import { Client } from 'pg';
import { killAllServices } from './fault-processes';
import { runSeed, type SeedReport } from './fault-seed';

const root = join(__dirname, '..', '..', '..');

function options() {
  const { values } = parseArgs({
    options: {
      seeds: { type: 'string', default: '2' },
      persons: { type: 'string', default: '1000' },
      'first-seed': { type: 'string', default: '1' },
      seed: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      kafka: { type: 'boolean', default: false },
    },
  });
  const first = Number(values.seed ?? values['first-seed']);
  const count = values.seed === undefined ? Number(values.seeds) : 1;
  const persons = Number(values.persons);
  if (![first, count, persons].every((n) => Number.isInteger(n) && n >= 0) || count < 1 || persons < 10)
    throw new Error('--seeds, --persons and --first-seed take whole numbers (at least 10 persons)');
  return {
    seeds: Array.from({ length: count }, (_, i) => first + i),
    persons,
    build: !values['no-build'],
    kafka: values.kafka,
  };
}

function serviceEnv(): Record<string, string> {
  const given = process.env.FAULT_ENV ?? '';
  return Object.fromEntries(
    given
      .split(',')
      .filter((pair) => pair.includes('='))
      .map((pair) => [pair.slice(0, pair.indexOf('=')).trim(), pair.slice(pair.indexOf('=') + 1)]),
  );
}

async function postgres(): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, stop: async () => {} };
  const embedded = (await import(join(root, 'tools/postgres/embedded.mjs'))) as {
    freePort(): Promise<number>;
    startEmbeddedPostgres(o: { dataDir: string; port: number; persistent: boolean }): Promise<{
      url(db?: string): string;
      stop(): Promise<void>;
    }>;
  };
  const pg = await embedded.startEmbeddedPostgres({
    dataDir: mkdtempSync(join(tmpdir(), 'meridian-fault-pg-')),
    port: await embedded.freePort(),
    persistent: false,
  });
  return { adminUrl: pg.url('postgres'), stop: () => pg.stop() };
}

async function main(): Promise<number> {
  const { seeds, persons, build, kafka } = options();
  const unavailable = kafka ? kafkaUnavailableReason() : null;
  if (unavailable) throw new Error(`--kafka cannot run here: ${unavailable}`);
  if (build) {
    const built = spawnSync(process.execPath, [join(root, 'tools/build/build-server.mjs')], {
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('server build failed');
  }
  const started = Date.now();
  const logDir = mkdtempSync(join(tmpdir(), 'meridian-fault-'));
  const pg = await postgres();
  process.env.MERIDIAN_TEST_ADMIN_URL = pg.adminUrl;
  const database = await createTestDatabase('meridian_fault');
  const platform = await startTestPlatform(database.url);
  const db = new Client({ connectionString: database.url });
  await db.connect();
  // One broker for every seed: each seed reads the topics back from the beginning, its campaign's part.
  let broker: KafkaBroker | undefined;
  // Interrupted: leave no service, auth process, broker or database server running.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      killAllServices();
      void Promise.allSettled([platform.stop(), pg.stop(), broker?.destroy()]).finally(() =>
        process.exit(130),
      );
    });
  const reports: SeedReport[] = [];
  const transport = kafka ? 'Kafka' : 'Postgres';
  try {
    broker = kafka ? await startKafkaBroker() : undefined;
  } catch (error) {
    await Promise.allSettled([db.end(), platform.stop(), database.drop(), pg.stop()]);
    throw error;
  }
  console.log(
    `fault tier on the ${transport} event transport${broker ? ` (broker ${broker.brokers})` : ''}: ` +
      `seeds ${seeds.join(', ')}, ${persons} persons each; logs in ${logDir}`,
  );
  try {
    for (const seed of seeds) {
      const seedStart = Date.now();
      const report = await runSeed({
        seed,
        persons,
        db,
        databaseUrl: database.url,
        platform,
        logDir,
        env: serviceEnv(),
        broker,
      }).catch((error: unknown): SeedReport => {
        const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
        return {
          seed,
          failures: [`the seed could not run: ${text}`],
          summary: '',
          invariants: [],
          logDir: join(logDir, `seed-${seed}`),
        };
      });
      reports.push(report);
      const seconds = Math.round((Date.now() - seedStart) / 1000);
      const verdict = report.failures.length === 0 ? 'PASS' : 'FAIL';
      console.log(`${verdict} seed ${seed} (${seconds} s, ${transport}): ${report.summary}`);
      console.log(`  invariants checked, seed ${seed}:`);
      for (const line of report.invariants) console.log(`    ${line}`);
      if (report.failures.length > 0) {
        for (const failure of report.failures) console.log(`  seed ${seed}: ${failure}`);
        console.log(
          `  seed ${seed}: logs in ${report.logDir}; again with --seed ${seed} --persons ${persons}${kafka ? ' --kafka' : ''}`,
        );
      }
    }
  } finally {
    await db.end();
    await platform.stop();
    await database.drop();
    await pg.stop();
    await broker?.destroy();
  }
  const failed = reports.filter((r) => r.failures.length > 0).length;
  console.log(`fault tier: ${Math.round((Date.now() - started) / 1000)} s`);
  console.log(`seeds: ${reports.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

// Exits explicitly: the embedded database's exit hooks would otherwise decide the code.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
