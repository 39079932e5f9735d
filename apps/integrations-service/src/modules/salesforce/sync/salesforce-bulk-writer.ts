import { Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Connection } from 'jsforce';
import type { CallGate } from './salesforce-call-gate';
import type { Value } from './salesforce-sync-rules';

const FIRST_POLL_MS = 250;
const MAX_POLL_MS = 5_000;
const JOB_TIMEOUT_MS = 30 * 60 * 1000;

export interface WriteResult {
  id: string | null;
  success: boolean;
  errors: Array<{ statusCode: string; message: string; fields: string[] }>;
}

const cell = (value: Value | undefined): string => {
  // Bulk CSV: an empty cell leaves the field alone, '#N/A' clears it.
  if (value === undefined) return '';
  if (value === null) return '#N/A';
  return `"${String(value).replace(/"/g, '""')}"`;
};

/**
 * Records as Bulk API CSV. The columns are every record's keys (jsforce would take only the
 * first record's), Id first; a record without a column leaves that field alone.
 */
export function toIngestCsv(rows: ReadonlyArray<Record<string, Value>>): string {
  const columns = ['Id', ...new Set(rows.flatMap((r) => Object.keys(r)).filter((k) => k !== 'Id'))];
  const lines = [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))];
  return `${lines.join('\n')}\n`;
}

/** 'CODE:message:Field1,Field2 --' as Salesforce reports a failed row. */
export function parseBulkError(text: string): WriteResult['errors'][number] {
  const match = /^([A-Z_]+):(.*?)(?::([\w,]*) --)?$/s.exec(text.trim());
  if (!match) return { statusCode: 'UNKNOWN_EXCEPTION', message: text, fields: [] };
  return {
    statusCode: match[1]!,
    message: match[2]!.trim(),
    fields: (match[3] ?? '').split(',').filter(Boolean),
  };
}

/**
 * Large updates (and deletions) as one Bulk API 2.0 ingest job: open, upload, close, poll,
 * results. Every call goes through the run's gate; results come back in the records' order.
 */
@Injectable()
export class SalesforceBulkWriter {
  update(
    conn: Connection,
    object: string,
    rows: ReadonlyArray<Record<string, Value> & { Id: string }>,
    gate: CallGate,
  ): Promise<WriteResult[]> {
    return this.ingest(conn, object, 'update', rows, gate);
  }

  /** Deletes records by id (to the recycle bin, as a REST delete does). */
  delete(conn: Connection, object: string, ids: readonly string[], gate: CallGate): Promise<WriteResult[]> {
    return this.ingest(
      conn,
      object,
      'delete',
      ids.map((Id) => ({ Id })),
      gate,
    );
  }

  private async ingest(
    conn: Connection,
    object: string,
    operation: 'update' | 'delete',
    rows: ReadonlyArray<Record<string, Value> & { Id: string }>,
    gate: CallGate,
  ): Promise<WriteResult[]> {
    const job = conn.bulk2.createJob({ object, operation, lineEnding: 'LF' });
    await gate.call(() => job.open());
    await gate.call(() => job.uploadData(toIngestCsv(rows)));
    await gate.call(() => job.close());
    const started = Date.now();
    let wait = FIRST_POLL_MS;
    for (;;) {
      await sleep(wait);
      const info = await gate.call(() => job.check());
      if (info.state === 'JobComplete') break;
      if (info.state === 'Failed' || info.state === 'Aborted')
        throw new Error(
          `Bulk ${operation} job ${job.id} ${info.state.toLowerCase()}: ${info.errorMessage ?? ''}`.trim(),
        );
      if (Date.now() - started > JOB_TIMEOUT_MS)
        throw new Error(`Bulk ${operation} job ${job.id} did not finish`);
      // Gentle growth: a job of some ten thousand rows finishes within a second or two, and
      // each poll past its end is time lost.
      wait = Math.min(Math.round(wait * 1.5), MAX_POLL_MS);
    }
    // Both result sets at once: two calls either way, one round trip of waiting.
    const [successful, failed] = await Promise.all([
      gate.call(() => job.getSuccessfulResults()),
      gate.call(() => job.getFailedResults()),
    ]);
    const byId = new Map<string, WriteResult>();
    for (const r of successful)
      byId.set(String(r.sf__Id), { id: String(r.sf__Id), success: true, errors: [] });
    for (const r of failed) {
      const id = String((r as Record<string, unknown>).Id ?? r.sf__Id ?? '');
      byId.set(id, { id: null, success: false, errors: [parseBulkError(String(r.sf__Error))] });
    }
    return rows.map(
      (row) =>
        byId.get(row.Id) ?? {
          id: null,
          success: false,
          errors: [{ statusCode: 'UNKNOWN_EXCEPTION', message: 'Not processed', fields: [] }],
        },
    );
  }
}
