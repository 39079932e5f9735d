/**
 * Reports at scale: the reports tables filled as after EVENTS email events (default 10,000,000),
 * set-based with generate_series, then every report call of the Reports tab timed over HTTP
 * (real auth, real service) against the same SQL statements run bare through pg, in the same run.
 * Uses DATABASE_URL (a Postgres admin URL) when set, else starts an embedded Postgres; needs the
 * built server code (`node tools/build/build-server.mjs`).
 *
 *   EVENTS=10000000 REQUESTS=100 npm run bench:reports
 */
import 'reflect-metadata';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createLogger, createServiceApp } from '@meridian/server-kit';
import { createTestDatabase, startTestPlatform } from '@meridian/testing';
import { appModule } from '../../apps/reports-service/src/app.module';
import { loadConfig } from '../../apps/reports-service/src/config';
import { post, sample, type Stats } from '../contacts/measure';
import { benchCalls } from './calls';
import { reportBench } from '../support/bench-result.mjs';
import { generate, uuidOf } from './generate';

const TARGET_RATIO = 1.2;
const ms = (n: number) => n.toFixed(1);

async function main(): Promise<void> {
  const size = {
    events: Number(process.env.EVENTS ?? 10_000_000),
    campaigns: Number(process.env.CAMPAIGNS ?? 50),
    runsPerCampaign: Number(process.env.RUNS ?? 60),
  };
  const requests = Number(process.env.REQUESTS ?? 100);
  const embedded = process.env.DATABASE_URL ? null : await startPostgres();
  const db = await createTestDatabase('meridian_reports_bench');
  const platform = await startTestPlatform(db.url);
  const logger = createLogger('reports-bench', 'warn');
  // Two instances of the service on the same data: one with the session cache (the default), one
  // asking the auth service on every request (SESSION_CACHE_TTL_MS=0, as before the cache).
  const startApp = async (sessionCacheTtlMs: string) => {
    const config = loadConfig({
      PORT: '0',
      DATABASE_URL: db.url,
      LOG_LEVEL: 'warn',
      AUTH_SERVICE_URL: platform.authServiceUrl,
      SESSION_CACHE_TTL_MS: sessionCacheTtlMs,
    });
    const started = await createServiceApp(appModule(config, logger), logger);
    await started.listen(0, '127.0.0.1');
    return started;
  };
  const app = await startApp(process.env.SESSION_CACHE_TTL_MS ?? '30000');
  const asking = await startApp('0');
  const base = await app.getUrl();
  const askingBase = await asking.getUrl();
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    const who = await platform.newOrganisation();
    const start = performance.now();
    const messages = await generate(client, who.organisation.id, size);
    console.log(
      `generated ${messages.toLocaleString('en-US')} messages (~${size.events.toLocaleString('en-US')} events), ` +
        `${size.campaigns} campaigns x ${size.runsPerCampaign} runs: ${((performance.now() - start) / 1000).toFixed(1)} s`,
    );
    const campaignId = uuidOf(1, 1);
    // The floor of any authenticated call: the token check, then one tiny statement.
    const floorOf = (url: string) =>
      sample([null], requests, () =>
        post(url, who.bearer, '/api/campaign/v2/campaigns/reports/campaigns.list', {}),
      );
    const floor = await floorOf(base);
    const askingFloor = await floorOf(askingBase);
    console.log(
      `authenticated call floor (campaigns.list, ${size.campaigns} campaigns): p50 ${ms(floor.p50)} ms, p95 ${ms(floor.p95)} ms; ` +
        `asking auth every request: p50 ${ms(askingFloor.p50)} ms, p95 ${ms(askingFloor.p95)} ms`,
    );
    const measured: { name: string; http: Stats; raw: Stats; uncached: Stats }[] = [];
    for (const call of await benchCalls(who.organisation.id, campaignId)) {
      const http: Stats = await sample([call.body], requests, () =>
        post(base, who.bearer, call.contract.fullPath, call.body),
      );
      const raw: Stats = await sample([call], requests, async (c) => {
        for (const s of c.statements) await client.query(s.text, s.values);
      });
      const uncached: Stats = await sample([call.body], requests, () =>
        post(askingBase, who.bearer, call.contract.fullPath, call.body),
      );
      const line =
        `${call.name.padEnd(32)} http p50/p95 ${ms(http.p50)}/${ms(http.p95)} ms  sql ${ms(raw.p50)}/${ms(raw.p95)} ms  ` +
        `ratio p50 ${(http.p50 / raw.p50).toFixed(2)} p95 ${(http.p95 / raw.p95).toFixed(2)}  ` +
        `p95 above the floor ${((http.p95 - floor.p95) / raw.p95).toFixed(2)}  ` +
        `| asking auth every request: http ${ms(uncached.p50)}/${ms(uncached.p95)} ms, ratio p95 ${(uncached.p95 / raw.p95).toFixed(2)}`;
      console.log(line);
      measured.push({ name: call.name, http, raw, uncached });
    }
    console.log(
      `${requests} requests a call (target <= ${TARGET_RATIO}x); load average (1, 5, 15 min): ${loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')}`,
    );
    // Twelve calls: ranges keep the README's row readable; the ratios name each call.
    const range = (values: number[], digits: number) =>
      `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}`;
    reportBench({
      name: 'reports',
      sizes: {
        'email events': size.events,
        messages,
        campaigns: size.campaigns,
        'runs a campaign': size.runsPerCampaign,
        requests,
      },
      baseline: {
        description:
          'the same SQL statements run bare through pg, same run; ratios are HTTP p95 / bare SQL p95 per call',
        figures: [
          {
            label: 'bare SQL p95',
            value: range(
              measured.map((m) => m.raw.p95),
              1,
            ),
            unit: 'ms',
          },
        ],
      },
      figures: [
        { label: 'authenticated call floor p95', value: floor.p95, unit: 'ms' },
        {
          label: 'HTTP p95',
          value: range(
            measured.map((m) => m.http.p95),
            1,
          ),
          unit: 'ms',
        },
        {
          label: 'asking auth on every request (as before the session cache), HTTP / SQL p95',
          value: range(
            measured.map((m) => m.uncached.p95 / m.raw.p95),
            2,
          ),
          unit: 'x',
        },
      ],
      ratios: measured.map((m) => ({
        label: m.name,
        value: m.http.p95 / m.raw.p95,
        op: '<=' as const,
        target: TARGET_RATIO,
      })),
    });
  } finally {
    await client.end();
    await app.close();
    await asking.close();
    await platform.stop();
    await db.drop();
    await embedded?.stop();
    if (embedded) await rm(embedded.dataDir, { recursive: true, force: true });
  }
}

/** A throwaway embedded Postgres, as the service tests start one. */
async function startPostgres() {
  const { startEmbeddedPostgres, freePort } = (await import(
    join(__dirname, '../../tools/postgres/embedded.mjs')
  )) as {
    startEmbeddedPostgres(o: { dataDir: string; port: number; persistent: boolean }): Promise<{
      url(db?: string): string;
      stop(): Promise<void>;
    }>;
    freePort(): Promise<number>;
  };
  const dataDir = await mkdtemp(join(tmpdir(), 'reports-bench-pg-'));
  const pg = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
  process.env.MERIDIAN_TEST_ADMIN_URL = pg.url('postgres');
  return { dataDir, stop: () => pg.stop() };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
