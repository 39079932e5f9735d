/**
 * Salesforce sync benchmark: PULL_ROWS contacts (default 200,000) pulled and PUSH_ROWS (default
 * 50,000) pushed against the fake Salesforce with a realistic API latency (API_LATENCY_MS, default
 * 50 ms added to every answer). The baseline is a script calling the same Bulk API 2.0 endpoints
 * directly with jsforce; it reports wall time, API calls against the minimum Salesforce's limits
 * allow, and peak memory.
 *
 * Then the product does the same through the integrations service's sync engine (in-process) and
 * the campaign service (a process, the built server code): ratio baseline / product wall time
 * (target >= 0.8x) and the calls each used. BASELINE_ONLY=1 skips the product half.
 *
 *   npm run bench:salesforce               (embedded Postgres unless DATABASE_URL is set)
 *   PULL_ROWS=200000 PUSH_ROWS=50000 API_LATENCY_MS=50 npm run bench:salesforce
 */
import { loadavg } from 'node:os';
import { FakeSalesforce } from '@meridian/testing';
import { bulkPull, bulkUpdate, login } from './baseline';
import { collectionCalls, minimumCalls } from './minimum-calls';
import { runProduct } from './product';
import { reportBench } from '../support/bench-result.mjs';

const PULL_ROWS = Number(process.env.PULL_ROWS ?? 200_000);
const PUSH_ROWS = Math.min(Number(process.env.PUSH_ROWS ?? 50_000), PULL_ROWS);
const API_LATENCY_MS = Number(process.env.API_LATENCY_MS ?? 50);
/** As the sync engine reads results: one page of this many records held at a time. */
const RESULT_PAGE_RECORDS = 50_000;
const PULL_SOQL =
  'SELECT Id, FirstName, LastName, Email, Title, SystemModstamp FROM Contact ORDER BY SystemModstamp, Id';

/** Peak resident memory while `work` runs, sampled every 50 ms. */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; peakRssMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const start = performance.now();
  try {
    const value = await work();
    return { value, ms: performance.now() - start, peakRssMb: Math.round(peak / 1024 / 1024) };
  } finally {
    clearInterval(timer);
  }
}

function seedContacts(fake: FakeSalesforce): string[] {
  const base = Date.parse('2026-01-01T00:00:00Z');
  return fake.seed(
    'Contact',
    Array.from({ length: PULL_ROWS }, (_, i) => ({
      FirstName: `First ${i}`,
      LastName: `Last ${i}`,
      Email: `contact${i}@bench.test`,
      Title: i % 3 === 0 ? 'Engineer' : 'Manager',
      SystemModstamp: base + i * 1000,
    })),
  );
}

async function main(): Promise<void> {
  const fake = await FakeSalesforce.start({ apiLatencyMs: API_LATENCY_MS, dailyApiRequests: 1_000_000 });
  try {
    const ids = seedContacts(fake);
    console.log(`fake Salesforce: ${PULL_ROWS} contacts, ${API_LATENCY_MS} ms per answer`);
    const conn = await login(fake);
    const baseCalls = fake.apiRequestsUsed;

    let checksum = 0;
    const pull = await measured(() =>
      bulkPull(conn, PULL_SOQL, RESULT_PAGE_RECORDS, (records) => {
        // Touch every record, as a consumer would: the pull is not done until it is read.
        for (const r of records) checksum += r.Email!.length;
      }),
    );
    if (pull.value !== PULL_ROWS) throw new Error(`pulled ${pull.value} of ${PULL_ROWS}`);
    const pullCalls = fake.apiRequestsUsed - baseCalls;

    const rows = ids.slice(0, PUSH_ROWS).map((Id, i) => ({ Id, Title: `Pushed ${i}` }));
    const push = await measured(() => bulkUpdate(conn, 'Contact', rows));
    if (push.value.ok !== PUSH_ROWS) throw new Error(`pushed ${push.value.ok} of ${PUSH_ROWS}`);
    const pushCalls = fake.apiRequestsUsed - baseCalls - pullCalls;
    const check = fake.record('Contact', ids[PUSH_ROWS - 1]!);
    if (check?.Title !== `Pushed ${PUSH_ROWS - 1}`) throw new Error('the pushed value is not in Salesforce');

    const minimum = minimumCalls({
      pulled: PULL_ROWS,
      pushed: PUSH_ROWS,
      resultPageRecords: RESULT_PAGE_RECORDS,
      ingestRowsPerUpload: PUSH_ROWS,
    });
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (checksum ${checksum})`,
    );
    console.table({
      'baseline pull (Bulk API 2.0 query)': {
        records: PULL_ROWS,
        wall: s(pull.ms),
        'API calls': pullCalls,
        minimum: minimum.pull,
        'peak RSS MB': pull.peakRssMb,
      },
      'baseline push (Bulk API 2.0 ingest)': {
        records: PUSH_ROWS,
        wall: s(push.ms),
        'API calls': pushCalls,
        minimum: minimum.push,
        'peak RSS MB': push.peakRssMb,
      },
    });
    console.log(
      `the same push as sObject collections would take ${collectionCalls(PUSH_ROWS)} calls ` +
        `(at least ${s(collectionCalls(PUSH_ROWS) * API_LATENCY_MS)} of latency alone)`,
    );
    if (process.env.BASELINE_ONLY === '1') return;
    // The fake's records live in this process too: the product's own memory is the rise above this.
    const rssBefore = Math.round(process.memoryUsage().rss / 1024 / 1024);
    console.log(`RSS of this process before the product half (fake and its records): ${rssBefore} MB`);
    const product = await measured(() => runProduct(fake, PUSH_ROWS));
    const p = product.value;
    if (p.pulledPersons !== PULL_ROWS)
      throw new Error(`the product pulled ${p.pulledPersons} of ${PULL_ROWS}`);
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.table({
      'product pull (run until every batch is applied)': {
        wall: s(p.pull.ms),
        'API calls': p.pull.calls,
        'vs baseline (baseline / product)': (pull.ms / p.pull.ms).toFixed(2),
      },
      'product push (queued persons until the run settles)': {
        wall: s(p.push.ms),
        'API calls': p.push.calls,
        'vs baseline (baseline / product)': (push.ms / p.push.ms).toFixed(2),
      },
      'exports queued (campaign events to push queue)': { wall: s(p.queued.ms), 'API calls': 0 },
    });
    console.log(`peak RSS of this process with the integrations service in it: ${product.peakRssMb} MB`);
    reportBench({
      name: 'salesforce',
      sizes: { 'pulled contacts': PULL_ROWS, 'pushed contacts': PUSH_ROWS, 'API latency ms': API_LATENCY_MS },
      baseline: {
        description:
          'jsforce calling Bulk API 2.0 directly (one query job read in pages of 50,000; one ingest job)',
        figures: [
          { label: 'pull', value: pull.ms / 1000, unit: 's' },
          { label: 'pull calls', value: pullCalls },
          { label: 'push', value: push.ms / 1000, unit: 's' },
          { label: 'push calls', value: pushCalls },
        ],
      },
      figures: [
        { label: 'pull until every person is applied', value: p.pull.ms / 1000, unit: 's' },
        { label: `pull calls (minimum ${minimum.pull})`, value: p.pull.calls },
        { label: 'push', value: p.push.ms / 1000, unit: 's' },
        { label: `push calls (minimum ${minimum.push})`, value: p.push.calls },
        { label: 'peak RSS', value: product.peakRssMb, unit: 'MB' },
      ],
      ratios: [
        { label: 'pull, baseline / product', value: pull.ms / p.pull.ms, op: '>=', target: 0.8 },
        { label: 'push, baseline / product', value: push.ms / p.push.ms, op: '>=', target: 0.8 },
      ],
    });
  } finally {
    await fake.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
