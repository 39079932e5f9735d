/**
 * Tracking under load: wrk against the open pixel and the click redirect of the campaign service,
 * and against a bare node:http server answering the same bytes, in the same run; then a graceful
 * stop of the service and a count proving no open or click it answered was lost.
 *
 *   npm run bench:tracking                 (embedded Postgres)
 *   DATABASE_URL=postgres://... SECONDS=10 CONNECTIONS=32 MESSAGES=2000 ROUNDS=2 npm run bench:tracking
 *   WRITES=deferred npm run bench:tracking  (the buffer writes only at the stop: the request path alone)
 *
 * Skips with a message when wrk (Debian package `wrk`, /usr/bin/wrk) is not installed.
 */
import 'reflect-metadata';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { createLogger, createServiceApp } from '@meridian/server-kit';
import { createTestDatabase, startTestPlatform } from '@meridian/testing';
import { appModule } from '../../apps/campaign-service/src/app.module';
import { loadConfig } from '../../apps/campaign-service/src/config';
import { UnsubscribeLinks } from '../../apps/campaign-service/src/modules/assets/personalisation';
import { TrackingBuffer } from '../../apps/campaign-service/src/modules/delivery/tracking/tracking-buffer.service';
import { trackingUrls } from '../../apps/campaign-service/src/modules/delivery/tracking/tracking-tokens';
import { type Check, type Figure, reportBench, reportBenchSkipped } from '../support/bench-result.mjs';
import { bareServer, close, runWrk, WRK, type WrkResult, wrkInstalled, wrkScript } from './wrk';

const TARGET_RATIO = 0.7;
const settings = {
  seconds: Number(process.env.SECONDS ?? 3),
  connections: Number(process.env.CONNECTIONS ?? 32),
  messages: Number(process.env.MESSAGES ?? 2000),
  rounds: Number(process.env.ROUNDS ?? 8),
};
const deferred = process.env.WRITES === 'deferred';
const HOP_HEADERS = ['date', 'connection', 'keep-alive', 'transfer-encoding'];

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
    dataDir: await mkdtemp(join(tmpdir(), 'tracking-bench-pg-')),
    port: await freePort(),
    persistent: false,
  });
  process.env.DATABASE_URL = pg.url('postgres');
  return () => pg.stop();
}

/** Sent messages of one campaign, already opened once (so a click implies no extra open). */
async function seed(client: Client, count: number): Promise<string[]> {
  const organisationId = '0a000000-0000-4000-8000-0000000000c1';
  await client.query(
    `INSERT INTO campaign.persons (organisation_id, email)
     SELECT $1, 'reader' || n || '@bench.test' FROM generate_series(1, $2) n`,
    [organisationId, count],
  );
  const [campaign] = (
    await client.query(
      `INSERT INTO campaign.campaigns (organisation_id, name, campaign_context) VALUES ($1, 'Bench', 'person') RETURNING id`,
      [organisationId],
    )
  ).rows as { id: string }[];
  const [run] = (
    await client.query(
      `INSERT INTO campaign.campaign_runs (organisation_id, campaign_id, campaign_version, run_type, slot_time, state)
       VALUES ($1, $2, 1, 'at_once', now(), 'processing') RETURNING id`,
      [organisationId, campaign!.id],
    )
  ).rows as { id: string }[];
  const rows = await client.query(
    `INSERT INTO campaign.email_messages (organisation_id, campaign_id, run_id, action_id, person_id, email,
       message_id, status, links, sent_at, first_opened_at)
     SELECT $1, $2, $3, 'send-1', p.id, p.email, '<' || p.id || '@bench.test>', 'sent',
       '["https://acme.test/pricing", "https://acme.test/blog"]', now() - interval '1 hour', now() - interval '1 hour'
     FROM campaign.persons p WHERE p.organisation_id = $1
     RETURNING id`,
    [organisationId, campaign!.id, run!.id],
  );
  return (rows.rows as { id: string }[]).map((r) => r.id);
}

/** The service's answer to `path`, to be sent byte for byte by the bare server. */
async function sample(base: string, path: string) {
  const response = await fetch(`${base}${path}`, { redirect: 'manual' });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!HOP_HEADERS.includes(name)) headers[name] = value;
  });
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
}

async function events(client: Client, name: string): Promise<number> {
  const { rows } = await client.query(`SELECT count(*)::int AS n FROM campaign.outbox WHERE name = $1`, [
    name,
  ]);
  return (rows[0] as { n: number }).n;
}

async function unpublished(client: Client): Promise<boolean> {
  const { rows } = await client.query(
    `SELECT EXISTS (SELECT 1 FROM campaign.outbox WHERE published_at IS NULL) AS waiting`,
  );
  return (rows[0] as { waiting: boolean }).waiting;
}

async function main(): Promise<void> {
  if (!wrkInstalled()) {
    console.log(`bench/tracking skipped: wrk is not installed (${WRK}; Debian package 'wrk').`);
    reportBenchSkipped('tracking', `wrk is not installed (${WRK}; Debian package 'wrk')`);
    return;
  }
  const stopPostgres = await postgres();
  const dir = await mkdtemp(join(tmpdir(), 'tracking-bench-'));
  const db = await createTestDatabase('meridian_tracking_bench');
  const platform = await startTestPlatform(db.url);
  const logger = createLogger('tracking-bench', 'warn');
  const config = loadConfig({
    PORT: '0',
    DATABASE_URL: db.url,
    LOG_LEVEL: 'warn',
    AUTH_SERVICE_URL: platform.authServiceUrl,
    UPLOAD_DIR: join(dir, 'uploads'),
    // WRITES=deferred: the buffer holds every hit until the stop, measuring the request path alone.
    ...(deferred ? { TRACKING_FLUSH_MS: '60000', TRACKING_FLUSH_ITEMS: '1000000' } : {}),
  });
  const app: NestFastifyApplication = await createServiceApp(appModule(config, logger), logger);
  await app.listen(0, '127.0.0.1');
  const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const client = new Client({ connectionString: db.url });
  await client.connect();
  let closed = false;
  try {
    const ids = await seed(client, settings.messages);
    const urls = trackingUrls(await app.get(UnsubscribeLinks).signingKey(), base);
    const pathOf = (url: string) => new URL(url).pathname;
    const kinds = {
      open: { paths: ids.map((id) => pathOf(urls.open(id))), status: 200 },
      click: { paths: ids.map((id) => pathOf(urls.click(id, 0))), status: 302 },
    };
    // Every pixel and redirect the service finished sending, counted at its HTTP server. The bare
    // server gets the same listener (its own counts), so both sides carry the counting's cost.
    const answered = { open: 0, click: 0 };
    const countAnswers =
      (counts: typeof answered) => (request: IncomingMessage, response: ServerResponse) => {
        response.on('finish', () => {
          if (request.url?.includes('/t/o/') && response.statusCode === 200) counts.open += 1;
          if (request.url?.includes('/t/c/') && response.statusCode === 302) counts.click += 1;
        });
      };
    app.getHttpServer().on('request', countAnswers(answered));
    const buffer = app.get(TrackingBuffer);
    // The service's own work left after a run: hits still in the buffer, events not yet relayed.
    // Done before the next run starts and charged to the service's run, so a bare run never pays
    // for the service's writes (nor a service run for the previous run's) and the rate is what
    // the service sustains answering and recording, not answering alone.
    const settle = async () => {
      // WRITES=deferred measures the request path alone: everything is written at the stop.
      if (deferred) return;
      await buffer.flush();
      while (await unpublished(client)) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    type Run = WrkResult & { cpuMicros: number; answeredPerSecond: number; settleSeconds: number };
    const figures: Record<string, { app: Run[]; bare: Run[] }> = {};
    // Both servers live in this process and take turns, so its CPU time during a run is the
    // server's (the service's includes its flushes and relay, not Postgres'): a figure the load
    // of other processes on the machine hardly moves, unlike requests per second.
    const measured = async (url: string, script: string, service: boolean) => {
      const before = process.cpuUsage();
      const result = await runWrk(url, script, settings.seconds, settings.connections);
      const settleStarted = performance.now();
      if (service) await settle();
      const settleSeconds = (performance.now() - settleStarted) / 1000;
      const used = process.cpuUsage(before);
      const seconds = result.requests / result.perSecond;
      return {
        ...result,
        answeredPerSecond: result.perSecond,
        perSecond: result.requests / (seconds + settleSeconds),
        settleSeconds,
        cpuMicros: (used.user + used.system) / result.requests,
      };
    };
    const only = process.env.KINDS?.split(',') ?? ['open', 'click'];
    let lastScript: string | null = null;
    for (const [kind, { paths, status }] of Object.entries(kinds) as [
      keyof typeof kinds,
      (typeof kinds)['open'],
    ][]) {
      if (!only.includes(kind)) continue;
      const script = join(dir, `${kind}.lua`);
      await wrkScript(script, paths, status);
      const bare = await bareServer(await sample(base, paths[0]!));
      bare.server.on('request', countAnswers({ open: 0, click: 0 }));
      figures[kind] = { app: [], bare: [] };
      // Warm-up: JIT, the click path's link cache, Postgres' buffers.
      await runWrk(base, script, 2, settings.connections);
      await settle();
      // Short runs side by side, the order swapped each round: on a shared machine the load
      // drifts, and a ratio is only fair between neighbours in time.
      for (let round = 0; round < settings.rounds; round++) {
        const runBare = async () => figures[kind]!.bare.push(await measured(bare.url, script, false));
        const runService = async () => {
          const result = await measured(base, script, true);
          figures[kind]!.app.push(result);
          if (result.errors > 0) throw new Error(`${kind}: ${result.errors} answers were not ${status}`);
        };
        if (round % 2 === 0) {
          await runBare();
          await runService();
        } else {
          await runService();
          await runBare();
        }
      }
      await close(bare.server);
      lastScript = script;
    }
    // A last load, not measured nor settled, and the graceful stop straight after it: the last
    // hits are still in the buffer (and events in the outbox) when the stop begins.
    if (lastScript) await runWrk(base, lastScript, 1, settings.connections);
    const pendingAtStop = buffer.size;
    await app.close();
    closed = true;
    const recorded = {
      open: await events(client, 'campaign.email.opened.v1'),
      click: await events(client, 'campaign.email.clicked.v1'),
    };
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const middle = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
    };
    console.log(
      `wrk -t1 -c${settings.connections} -d${settings.seconds}s, ${settings.messages} messages round robin, ${settings.rounds} rounds; ` +
        `writes ${deferred ? 'deferred to the stop' : 'flushed while serving'}; ` +
        `service rate = requests / (run + settling its writes and relay); ${pendingAtStop} hits in the buffer at the stop`,
    );
    let ok = true;
    const report = {
      figures: [] as Figure[],
      bare: [] as Figure[],
      ratios: [] as Check[],
      limits: [] as Check[],
    };
    for (const kind of ['open', 'click'] as const) {
      if (!figures[kind]) continue;
      const { app: served, bare } = figures[kind];
      const ratios = served.map((r, i) => r.perSecond / bare[i]!.perSecond);
      const ratio = median(ratios);
      ok &&= ratio >= TARGET_RATIO;
      console.log(
        `${kind.padEnd(5)} service median ${median(served.map((r) => r.perSecond)).toFixed(0)} req/s, ` +
          `bare node:http median ${median(bare.map((r) => r.perSecond)).toFixed(0)} req/s; ` +
          `ratio per round ${ratios.map((r) => r.toFixed(2)).join(' ')}; median ratio ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}); ` +
          `wrk socket errors service ${served.reduce((n, r) => n + r.socketErrors, 0)}, bare ${bare.reduce((n, r) => n + r.socketErrors, 0)}`,
      );
      console.log(
        `${kind.padEnd(5)} service answering alone (without settling) median ${median(served.map((r) => r.answeredPerSecond)).toFixed(0)} req/s; ` +
          `settling after a run median ${median(served.map((r) => r.settleSeconds)).toFixed(2)} s`,
      );
      const cpuService = median(served.map((r) => r.cpuMicros));
      const cpuBare = median(bare.map((r) => r.cpuMicros));
      console.log(
        `${kind.padEnd(5)} CPU per request (median): service ${cpuService.toFixed(1)} us, bare ${cpuBare.toFixed(1)} us, ` +
          `bare/service ${(cpuBare / cpuService).toFixed(2)}`,
      );
      // A request wrk's stop cut off after the service took it is recorded but never answered in
      // full: it shows as 'unread' (at most one per connection and run), never as lost.
      const lost = Math.max(0, answered[kind] - recorded[kind]);
      const unread = Math.max(0, recorded[kind] - answered[kind]);
      // Warm-up, rounds and the last, unmeasured load: one wrk stop each.
      ok &&= lost === 0 && unread <= settings.connections * (settings.rounds + 2);
      console.log(
        `${kind.padEnd(5)} answered ${answered[kind]}, events after the graceful stop ${recorded[kind]}, ` +
          `lost ${lost}, unread ${unread}`,
      );
      report.figures.push(
        { label: `${kind} service`, value: median(served.map((r) => r.perSecond)), unit: 'req/s' },
        { label: `${kind} CPU per request`, value: cpuService, unit: 'us' },
      );
      report.bare.push({ label: `${kind} bare`, value: median(bare.map((r) => r.perSecond)), unit: 'req/s' });
      report.ratios.push({
        label: `${kind} median paired ratio`,
        value: ratio,
        op: '>=',
        target: TARGET_RATIO,
      });
      report.limits.push({ label: `${kind} lost after the graceful stop`, value: lost, op: '<=', target: 0 });
    }
    reportBench({
      name: 'tracking',
      sizes: {
        messages: settings.messages,
        'wrk connections': settings.connections,
        'seconds a run': settings.seconds,
        rounds: settings.rounds,
        writes: deferred ? 'deferred to the stop' : 'flushed while serving',
      },
      baseline: {
        description:
          "a bare node:http server answering the same bytes, paired runs side by side (the service's rate includes settling its writes and relay)",
        figures: report.bare,
      },
      figures: report.figures,
      ratios: report.ratios,
      limits: report.limits,
    });
    console.log(
      `load average (1, 5, 15 min): ${loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')}`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await client.end();
    if (!closed) await app.close();
    await platform.stop();
    await db.drop();
    await rm(dir, { recursive: true, force: true });
    await stopPostgres();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
