import { Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Connection } from 'jsforce';
import { HttpApi } from 'jsforce/lib/http-api';
import type { CallGate } from './salesforce-call-gate';

/** Records per results call: large pages mean few calls; one page is held in memory at a time. */
const RESULT_PAGE_RECORDS = 50_000;
const FIRST_POLL_MS = 250;
const MAX_POLL_MS = 5_000;
/** A job that has not finished by then is given up (the next run starts a new one). */
const JOB_TIMEOUT_MS = 30 * 60 * 1000;

interface JobInfo {
  id: string;
  state: 'UploadComplete' | 'InProgress' | 'JobComplete' | 'Aborted' | 'Failed';
  errorMessage?: string;
}

/**
 * A Bulk API 2.0 query job, read page by page with Sforce-Locator and maxRecords (each page has
 * its own header row, parsed on its own). Every call (create, each poll, each page) goes through
 * the run's gate.
 */
@Injectable()
export class SalesforceBulkReader {
  async *read(
    conn: Connection,
    soql: string,
    gate: CallGate,
  ): AsyncGenerator<Array<Record<string, unknown>>> {
    const job = await gate.call(() =>
      conn.request<JobInfo>({
        method: 'POST',
        url: '/jobs/query',
        body: JSON.stringify({ operation: 'query', query: soql }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    await this.waitFor(conn, job.id, gate);
    let locator: string | null = null;
    do {
      const page = await gate.call(() => this.page(conn, job.id, locator));
      locator = page.locator;
      yield page.records.map(withNulls);
    } while (locator && locator !== 'null');
  }

  private async waitFor(conn: Connection, id: string, gate: CallGate): Promise<void> {
    const started = Date.now();
    let wait = FIRST_POLL_MS;
    for (;;) {
      await sleep(wait);
      const info = await gate.call(() => conn.request<JobInfo>(`/jobs/query/${id}`));
      if (info.state === 'JobComplete') return;
      if (info.state === 'Failed' || info.state === 'Aborted')
        throw new Error(
          `Bulk query job ${id} ${info.state.toLowerCase()}: ${info.errorMessage ?? ''}`.trim(),
        );
      if (Date.now() - started > JOB_TIMEOUT_MS) throw new Error(`Bulk query job ${id} did not finish`);
      wait = Math.min(Math.round(wait * 1.5), MAX_POLL_MS);
    }
  }

  private async page(
    conn: Connection,
    id: string,
    locator: string | null,
  ): Promise<{ records: Array<Record<string, string>>; locator: string | null }> {
    let next: string | null = null;
    const api = new HttpApi(conn, {});
    api.on('response', (response: { headers: Record<string, string | undefined> }) => {
      next = response.headers['sforce-locator'] ?? null;
    });
    const query = `maxRecords=${RESULT_PAGE_RECORDS}${locator ? `&locator=${encodeURIComponent(locator)}` : ''}`;
    const records = (await api.request({
      method: 'GET',
      url: `${conn.instanceUrl}/services/data/v${conn.version}/jobs/query/${id}/results?${query}`,
      headers: { Accept: 'text/csv' },
    })) as unknown as Array<Record<string, string>>;
    return { records: Array.isArray(records) ? records : [], locator: next };
  }
}

/** CSV has no null: an empty cell is one. */
function withNulls(record: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) out[key] = value === '' ? null : value;
  return out;
}

/**
 * Pages of `source` with the next one already on its way while the caller works on the current
 * one: the result call (latency, transfer, parsing) overlaps the storing. At most two pages are
 * held. An error of the page read ahead surfaces when the caller asks for that page.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const pages = source[Symbol.asyncIterator]();
  let next = pages.next();
  // Handled where it is awaited; this only keeps an early stop from leaving it unhandled.
  next.catch(() => undefined);
  let finished = false;
  try {
    for (;;) {
      const page = await next;
      if (page.done) {
        finished = true;
        return;
      }
      next = pages.next();
      next.catch(() => undefined);
      yield page.value;
    }
  } finally {
    if (!finished) {
      await next.catch(() => undefined);
      await pages.return?.();
    }
  }
}
