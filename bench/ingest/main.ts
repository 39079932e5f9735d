/**
 * Segment ingest under load: wrk posting Segment batches to /v1/batch through the gateway (the
 * integrations service behind it, its relay running), against a bare node:http server doing the
 * same parse and COPY, in the same run; then the service is stopped in the middle of a load and
 * every event it answered 200 for is found again (in the inbox or relayed).
 *
 *   npm run bench:ingest
 *   SECONDS=3 ROUNDS=6 CONNECTIONS=16 BATCH=100 npm run bench:ingest
 *
 * Skips with a message when wrk (Debian package `wrk`) is not installed.
 */
import 'reflect-metadata';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiKeyCreateContract, SEGMENT_KEY_TYPE } from '@meridian/contracts';
import { createLogger, createServiceApp } from '@meridian/server-kit';
import { call, createTestDatabase, eventually, ok, startTestPlatform } from '@meridian/testing';
import { Client } from 'pg';
import { appModule } from '../../apps/integrations-service/src/app.module';
import { loadConfig } from '../../apps/integrations-service/src/config';
import { close, runWrk, WRK, type WrkResult, wrkInstalled } from '../tracking/wrk';
import { reportBench, reportBenchSkipped } from '../support/bench-result.mjs';
import { bareIngestServer, BARE_TABLE, createBareTable } from './bare-ingest';

const TARGET_RATIO = 0.6;
const TARGET_EVENTS_PER_SECOND = 20_000;
const settings = {
  seconds: Number(process.env.SECONDS ?? 3),
  connections: Number(process.env.CONNECTIONS ?? 16),
  batch: Number(process.env.BATCH ?? 100),
  rounds: Number(process.env.ROUNDS ?? 6),
};

// ES modules of the tooling; kept real dynamic imports through the CommonJS compile.
const load = new Function('path', 'return import(path)') as <T>(path: string) => Promise<T>;

interface Embedded {
  freePort(): Promise<number>;
  startEmbeddedPostgres(o: object): Promise<{ url: (db?: string) => string; stop: () => Promise<void> }>;
}
type Gateway = typeof import('../../tools/launcher/gateway.mjs');

async function postgres(dir: string): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) return async () => undefined;
  const embedded = await load<Embedded>(join(__dirname, '../../tools/postgres/embedded.mjs'));
  const pg = await embedded.startEmbeddedPostgres({
    dataDir: join(dir, 'pg'),
    port: await embedded.freePort(),
    persistent: false,
  });
  process.env.DATABASE_URL = pg.url('postgres');
  return () => pg.stop();
}

/** A batch as analytics-node sends it: `batch` of track calls, the write key, sentAt. */
function batchBody(writeKey: string, size: number): string {
  const now = new Date().toISOString();
  const batch = Array.from({ length: size }, (_, i) => ({
    type: 'track',
    event: 'Report Built',
    userId: `user-${i % 50}`,
    properties: { report: `r-${i}`, rows: i * 7, format: 'csv' },
    context: { library: { name: '@segment/analytics-node', version: '3.1.0' } },
    messageId: `node-next-${i}-${Math.random().toString(36).slice(2)}`,
    timestamp: now,
    _metadata: { jsRuntime: 'node' },
  }));
  return JSON.stringify({ batch, writeKey, sentAt: now });
}

async function wrkPostScript(file: string, body: string, writeKey: string): Promise<void> {
  const auth = Buffer.from(`${writeKey}:`).toString('base64');
  await writeFile(
    file,
    `wrk.method = "POST"
wrk.body = [==[${body}]==]
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Basic ${auth}"
local wrong = 0
response = function(status)
  if status ~= 200 then wrong = wrong + 1 end
end
done = function(summary, latency, requests)
  io.write(string.format("WRONG_STATUS %d\\n", wrong))
end
`,
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main(): Promise<void> {
  if (!wrkInstalled()) {
    console.log(`bench/ingest skipped: wrk is not installed (${WRK}; Debian package 'wrk').`);
    reportBenchSkipped('ingest', `wrk is not installed (${WRK}; Debian package 'wrk')`);
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'ingest-bench-'));
  const stopPostgres = await postgres(dir);
  const db = await createTestDatabase('meridian_ingest_bench');
  const platform = await startTestPlatform(db.url);
  const logger = createLogger('ingest-bench', 'warn');
  const config = loadConfig({
    PORT: '0',
    DATABASE_URL: db.url,
    LOG_LEVEL: 'warn',
    AUTH_SERVICE_URL: platform.authServiceUrl,
  });
  const app = await createServiceApp(appModule(config, logger), logger);
  await app.listen(0, '127.0.0.1');
  const upstream = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const { startGateway } = await load<Gateway>(join(__dirname, '../../tools/launcher/gateway.mjs'));
  const gateway = await startGateway({
    port: 0,
    host: '127.0.0.1',
    routes: [
      { prefix: '/api/integrations/v1', upstream },
      { prefix: '/v1', upstream },
    ],
    webRoot: join(dir, 'no-web'),
  });
  const gatewayUrl = `http://127.0.0.1:${(gateway.server.address() as { port: number }).port}`;
  const client = new Client({ connectionString: db.url });
  await client.connect();
  let appClosed = false;
  try {
    const admin = await platform.newOrganisation();
    const created = ok(
      await call(
        platform.authServiceUrl,
        apiKeyCreateContract,
        { label: 'Bench', key_type: SEGMENT_KEY_TYPE },
        { token: admin.bearer },
      ),
    );
    const writeKey = (created.body as { api_key: { key: string } }).api_key.key;
    const probe = JSON.stringify({ batch: [], writeKey });
    await eventually(
      async () =>
        (
          await fetch(`${gatewayUrl}/v1/batch`, {
            method: 'POST',
            body: probe,
            headers: { 'content-type': 'application/json' },
          })
        ).status === 200,
      { what: 'the write key to reach the ingest', timeoutMs: 60_000 },
    );
    await createBareTable(db.url);
    const bare = await bareIngestServer(db.url, admin.organisation.id);
    const body = batchBody(writeKey, settings.batch);
    const script = join(dir, 'batch.lua');
    await wrkPostScript(script, body, writeKey);

    // Events of every batch the service finished answering 200, counted at its HTTP server.
    let answered = 0;
    app.getHttpServer().on('request', (request: IncomingMessage, response: ServerResponse) => {
      response.on('finish', () => {
        if (request.url === '/v1/batch' && response.statusCode === 200) answered += 1;
      });
    });

    await runWrk(`${gatewayUrl}/v1/batch`, script, 2, settings.connections); // warm-up
    const served: WrkResult[] = [];
    const baseline: WrkResult[] = [];
    for (let round = 0; round < settings.rounds; round++) {
      const runBare = async () =>
        baseline.push(await runWrk(`${bare.url}/v1/batch`, script, settings.seconds, settings.connections));
      const runService = async () => {
        const result = await runWrk(`${gatewayUrl}/v1/batch`, script, settings.seconds, settings.connections);
        if (result.errors > 0) throw new Error(`${result.errors} answers were not 200`);
        served.push(result);
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
    await bare.pool.end();

    // Stop the service in the middle of a load: whatever it answered 200 must be stored.
    const cut = runWrk(`${gatewayUrl}/v1/batch`, script, settings.seconds * 2, settings.connections);
    await new Promise((resolve) => setTimeout(resolve, settings.seconds * 1000));
    await app.close();
    appClosed = true;
    await cut;
    const [stored] = (
      await client.query(
        `SELECT (SELECT count(*) FROM integrations.segment_inbox)::int AS waiting,
                (SELECT coalesce(sum(jsonb_array_length(payload->'events')), 0) FROM integrations.outbox
                  WHERE name = 'integrations.product_events.ingested.v1')::int AS relayed,
                (SELECT coalesce(sum(count), 0) FROM integrations.segment_counts WHERE kind = 'error')::int AS refused,
                (SELECT count(*) FROM integrations.outbox WHERE published_at IS NULL)::int AS unpublished,
                (SELECT count(*) FROM events.log WHERE topic = 'integrations.product_events.ingested.v1')::int AS logged`,
      )
    ).rows as { waiting: number; relayed: number; refused: number; unpublished: number; logged: number }[];
    const answeredEvents = answered * settings.batch;
    const found = stored!.waiting + stored!.relayed;

    const eventsPerSecond = (r: WrkResult) => r.perSecond * settings.batch;
    const ratios = served.map((r, i) => r.perSecond / baseline[i]!.perSecond);
    const ratio = median(ratios);
    const rate = median(served.map(eventsPerSecond));
    const lost = Math.max(0, answeredEvents - found);
    console.log(
      `wrk -t1 -c${settings.connections} -d${settings.seconds}s, POST /v1/batch of ${settings.batch} track calls (${Buffer.byteLength(body)} bytes), ${settings.rounds} rounds`,
    );
    console.log(
      `service through the gateway median ${rate.toFixed(0)} events/s (${median(served.map((r) => r.perSecond)).toFixed(0)} req/s); ` +
        `bare node:http + COPY median ${median(baseline.map(eventsPerSecond)).toFixed(0)} events/s; ` +
        `ratio per round ${ratios.map((r) => r.toFixed(2)).join(' ')}; median ratio ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}); ` +
        `rate target >= ${TARGET_EVENTS_PER_SECOND}`,
    );
    console.log(
      `stopped mid-load: answered ${answeredEvents} events, stored ${found} (relayed ${stored!.relayed}, waiting in the inbox ${stored!.waiting}), ` +
        `refused ${stored!.refused}, lost ${lost}; outbox rows in the event log ${stored!.logged}, not yet ${stored!.unpublished}`,
    );
    console.log(
      `load average (1, 5, 15 min): ${loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')}`,
    );
    reportBench({
      name: 'ingest',
      sizes: {
        'track calls a batch': settings.batch,
        'wrk connections': settings.connections,
        'seconds a run': settings.seconds,
        rounds: settings.rounds,
      },
      baseline: {
        description: 'a bare node:http server parsing the same batch and COPYing its calls, paired runs',
        figures: [
          { label: 'bare node:http + COPY', value: median(baseline.map(eventsPerSecond)), unit: 'events/s' },
        ],
      },
      figures: [
        { label: 'service through the gateway', value: rate, unit: 'events/s' },
        { label: 'answered events at the stop', value: answeredEvents },
      ],
      ratios: [{ label: 'median paired ratio', value: ratio, op: '>=', target: TARGET_RATIO }],
      limits: [
        { label: 'rate', value: rate, unit: 'events/s', op: '>=', target: TARGET_EVENTS_PER_SECOND },
        { label: 'lost after a stop mid-load', value: lost, op: '<=', target: 0 },
      ],
    });
    await client.query(`DROP TABLE ${BARE_TABLE}`);
    if (ratio < TARGET_RATIO || rate < TARGET_EVENTS_PER_SECOND || lost > 0) process.exitCode = 1;
  } finally {
    await client.end();
    if (!appClosed) await app.close();
    await gateway.close();
    await platform.stop();
    await db.drop();
    await stopPostgres();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
