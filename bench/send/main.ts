/**
 * Campaign sending at scale: PERSONS persons (default 100,000) and one email step, sent through
 * the campaign mailer (render, tracking, message rows, events, counts) into an SMTP sink that
 * accepts and discards, against a raw pooled nodemailer blast of pre-rendered mails into the
 * same sink in the same run. Needs DATABASE_URL (a Postgres admin URL) or the embedded one
 * the test tooling starts.
 *
 *   PERSONS=100000 BATCH=1000 CONCURRENCY=2 CONNECTIONS=5 npm run bench:send
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
import {
  CAMPAIGN_MAILER,
  type CampaignMailer,
} from '../../apps/campaign-service/src/modules/campaigns/journey/campaign-mailer.port';
import { reportBench } from '../support/bench-result.mjs';
import { cpuMeter } from './cpu-meter';
import { generate, mailerDriver, rawBlast, startDiscardSink } from './run';

const TARGET_RATIO = 0.5;
const TARGET_RATE = 2_000;

/** The Postgres to use: DATABASE_URL, else an embedded one for this run (stopped at the end). */
async function postgres(dir: string): Promise<{ stop(): Promise<void>; dataDir: string | null }> {
  if (process.env.DATABASE_URL) return { stop: async () => undefined, dataDir: null };
  // An ES module of the tooling; kept a real dynamic import through the CommonJS compile.
  const load = new Function('path', 'return import(path)') as (path: string) => Promise<EmbeddedModule>;
  const embedded = await load(join(__dirname, '../../tools/postgres/embedded.mjs'));
  const pg = await embedded.startEmbeddedPostgres({
    dataDir: join(dir, 'pg'),
    port: await embedded.freePort(),
    persistent: false,
  });
  process.env.DATABASE_URL = pg.url('postgres');
  return { stop: () => pg.stop(), dataDir: join(dir, 'pg') };
}

interface EmbeddedModule {
  freePort(): Promise<number>;
  startEmbeddedPostgres(options: {
    dataDir: string;
    port: number;
    persistent: boolean;
  }): Promise<{ url(db: string): string; stop(): Promise<void> }>;
}

async function main(): Promise<void> {
  const persons = Number(process.env.PERSONS ?? 100_000);
  const batch = Number(process.env.BATCH ?? 1_000);
  const concurrency = Number(process.env.CONCURRENCY ?? 2);
  const connections = Number(process.env.CONNECTIONS ?? 5);
  const dir = await mkdtemp(join(tmpdir(), 'send-bench-'));
  const sink = await startDiscardSink();
  const pg = await postgres(dir);
  const db = await createTestDatabase('meridian_send_bench');
  const platform = await startTestPlatform(db.url);
  const logger = createLogger('send-bench', 'warn');
  const app = await createServiceApp(
    appModule(
      loadConfig({
        PORT: '0',
        DATABASE_URL: db.url,
        LOG_LEVEL: 'warn',
        AUTH_SERVICE_URL: platform.authServiceUrl,
        UPLOAD_DIR: join(dir, 'uploads'),
        SMTP_URL: sink.url,
        SEND_SMTP_CONNECTIONS: String(connections),
        // The bench measures sending, not the tenant limit.
        SEND_RATE_PER_ORGANISATION: '1000000',
        RENDER_QUEUE_PER_ORGANISATION: '1000',
      }),
      logger,
    ),
    logger,
  );
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    const organisationId = '0a000000-0000-4000-8000-0000000000c1';
    let started = performance.now();
    const data = await generate(client, organisationId, persons);
    console.log(`generated ${persons} persons: ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const cpu = cpuMeter(sink.pid, pg.dataDir);
    const rawCpu = cpu.start();
    const rawMs = await rawBlast(sink.port, data.recipients, connections);
    const rawSpent = rawCpu();
    const rawRate = (persons / rawMs) * 1000;
    console.log(
      `raw pooled nodemailer: ${persons} mails in ${(rawMs / 1000).toFixed(1)} s = ${rawRate.toFixed(0)} msg/s`,
    );

    const mailer = app.get<CampaignMailer>(CAMPAIGN_MAILER);
    const drive = mailerDriver(mailer, data.scope, data.templateId, batch, concurrency);
    const before = await sink.received();
    started = performance.now();
    const mailerCpu = cpu.start();
    await drive(data.recipients);
    const ms = performance.now() - started;
    const mailerSpent = mailerCpu();
    const rate = (persons / ms) * 1000;
    const arrived = (await sink.received()) - before;
    console.log(
      `campaign mailer (batch ${batch}, ${concurrency} at once, ${connections} SMTP connections): ` +
        `${arrived} mails in ${(ms / 1000).toFixed(1)} s = ${rate.toFixed(0)} msg/s`,
    );
    console.log(
      `ratio ${(rate / rawRate).toFixed(2)}x (target >= ${TARGET_RATIO}x), floor ${TARGET_RATE} msg/s: ` +
        `${rate >= TARGET_RATE ? 'met' : 'missed'}; load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(', ')}`,
    );
    const perMail = (spent: ReturnType<typeof rawCpu>) =>
      `${(spent.node / persons).toFixed(2)} ms node + ${(spent.sink / persons).toFixed(2)} ms sink` +
      (spent.postgres === null ? '' : ` + ${(spent.postgres / persons).toFixed(2)} ms Postgres`) +
      ` = ${((spent.node + spent.sink + (spent.postgres ?? 0)) / persons).toFixed(2)} ms`;
    const cpuNotes = [
      `CPU per mail, raw: ${perMail(rawSpent)}`,
      `CPU per mail, mailer: ${perMail(mailerSpent)}`,
    ];
    for (const note of cpuNotes) console.log(note);
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM campaign.email_messages WHERE run_id = $1 AND status = 'sent'`,
      [data.scope.runId],
    );
    reportBench({
      name: 'send',
      sizes: { persons, batch, concurrency, 'SMTP connections': connections },
      baseline: {
        description:
          "nodemailer's pooled transport sending the same mails pre-rendered into the same discarding sink",
        figures: [{ label: 'raw pooled nodemailer', value: rawRate, unit: 'msg/s' }],
      },
      figures: [{ label: 'campaign mailer', value: rate, unit: 'msg/s' }],
      notes: cpuNotes,
      ratios: [{ label: 'mailer / raw', value: rate / rawRate, op: '>=', target: TARGET_RATIO }],
      limits: [
        { label: 'rate', value: rate, unit: 'msg/s', op: '>=', target: TARGET_RATE },
        {
          label: 'every mail arrived and is marked sent',
          met: arrived === persons && Number(rows[0]!.n) === persons,
        },
      ],
    });
    if (arrived !== persons || Number(rows[0]!.n) !== persons) {
      console.error(`expected ${persons} mails and sent rows, got ${arrived} and ${rows[0]!.n}`);
      process.exitCode = 1;
    }
  } finally {
    await client.end();
    await app.close();
    await platform.stop();
    await db.drop();
    await sink.close();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
