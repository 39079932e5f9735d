import { setTimeout as sleep } from 'node:timers/promises';
import { Connection, OAuth2 } from 'jsforce';
import { HttpApi } from 'jsforce/lib/http-api';
import type { FakeSalesforce } from '@meridian/testing';

export const API_VERSION = '62.0';
const REDIRECT_URI = 'https://bench.example.test/salesforce/oauth.complete';

/** A jsforce connection through the OAuth web-server flow, as any client would log in. */
export async function login(fake: FakeSalesforce): Promise<Connection> {
  const oauth2 = new OAuth2({
    loginUrl: fake.baseUrl,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    redirectUri: REDIRECT_URI,
  });
  const landing = await fake.approve(oauth2.getAuthorizationUrl({ state: 'bench' }));
  const conn = new Connection({ oauth2, version: API_VERSION });
  await conn.authorize(landing.searchParams.get('code')!);
  return conn;
}

interface JobInfo {
  id: string;
  state: string;
  errorMessage?: string;
}

async function waitForQueryJob(conn: Connection, id: string, pollMs: number): Promise<void> {
  for (;;) {
    await sleep(pollMs);
    const info = await conn.request<JobInfo>(`/jobs/query/${id}`);
    if (info.state === 'JobComplete') return;
    if (info.state === 'Failed' || info.state === 'Aborted') throw new Error(`query job ${info.state}`);
  }
}

/**
 * Pulls every record of a SOQL query with Bulk API 2.0: one job, its results read page by page
 * (Sforce-Locator and maxRecords, each page parsed on its own: jsforce's stream would read the
 * second page's header as a record). `onPage` sees each page; only one page is held at a time.
 */
export async function bulkPull(
  conn: Connection,
  soql: string,
  pageRecords: number,
  onPage: (records: Array<Record<string, string>>) => void,
  pollMs = 250,
): Promise<number> {
  const job = await conn.request<JobInfo>({
    method: 'POST',
    url: '/jobs/query',
    body: JSON.stringify({ operation: 'query', query: soql }),
    headers: { 'content-type': 'application/json' },
  });
  await waitForQueryJob(conn, job.id, pollMs);
  let locator: string | null = null;
  let total = 0;
  do {
    let next: string | null = null;
    const api = new HttpApi(conn, {});
    api.on('response', (response: { headers: Record<string, string | undefined> }) => {
      next = response.headers['sforce-locator'] ?? null;
    });
    const query = `maxRecords=${pageRecords}${locator ? `&locator=${encodeURIComponent(locator)}` : ''}`;
    const records = (await api.request({
      method: 'GET',
      url: `${conn.instanceUrl}/services/data/v${conn.version}/jobs/query/${job.id}/results?${query}`,
      headers: { Accept: 'text/csv' },
    })) as unknown as Array<Record<string, string>>;
    total += records.length;
    onPage(records);
    locator = next;
  } while (locator && locator !== 'null');
  return total;
}

/** Updates records by Id with one Bulk API 2.0 ingest job; answers successes and failures. */
export async function bulkUpdate(
  conn: Connection,
  object: string,
  rows: Array<Record<string, string>>,
  pollMs = 250,
): Promise<{ ok: number; failed: number }> {
  const results = await conn.bulk2.loadAndWaitForResults({
    object,
    operation: 'update',
    input: rows,
    pollInterval: pollMs,
    pollTimeout: 30 * 60 * 1000,
  });
  return { ok: results.successfulResults.length, failed: results.failedResults.length };
}
