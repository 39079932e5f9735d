import { Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Connection } from 'jsforce';
import type { CallGate } from './salesforce-call-gate';
import type { Value } from './salesforce-sync-rules';

/** Status polls every 250 ms while a job is young, then each wait 1.5 times the last, up to 5 s. */
const FIRST_POLL_MS = 250;
const STEADY_POLLS_MS = 2_000;
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

/**
 * The first field of every record of a CSV text (header included), quotes undone; a quoted field
 * elsewhere in a record may hold commas, quotes and line breaks. Linear, without building the rows.
 */
export function firstColumn(csv: string): string[] {
  const out: string[] = [];
  const n = csv.length;
  let i = 0;
  while (i < n) {
    // At the start of a record: its first field.
    let value: string;
    if (csv[i] === '"') {
      let end = i + 1;
      let text = '';
      for (;;) {
        const quote = csv.indexOf('"', end);
        if (quote < 0) throw new Error('Unterminated quoted field in CSV');
        text += csv.slice(end, quote);
        if (csv[quote + 1] === '"') {
          text += '"';
          end = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      value = text;
    } else {
      let end = i;
      while (end < n && csv[end] !== ',' && csv[end] !== '\n' && csv[end] !== '\r') end++;
      value = csv.slice(i, end);
      i = end;
    }
    // The rest of the record, minding quoted fields.
    let quoted = false;
    while (i < n) {
      const ch = csv[i];
      if (ch === '"') quoted = !quoted;
      else if (!quoted && (ch === '\n' || ch === '\r')) break;
      i++;
    }
    if (csv[i] === '\r') i++;
    if (csv[i] === '\n') i++;
    out.push(value);
  }
  return out;
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
      // A job of some ten thousand rows finishes within a second or two, and each moment past
      // its end is the run's time lost: polls stay close while the job is young (a few calls
      // more at most), then back off for long jobs.
      if (Date.now() - started >= STEADY_POLLS_MS) wait = Math.min(Math.round(wait * 1.5), MAX_POLL_MS);
    }
    // Both result sets at once: two calls either way, one round trip of waiting.
    // The successful rows only need their id: read from the raw CSV, not parsed row by row.
    const [successful, failed] = await Promise.all([
      gate.call(() => job.getSuccessfulResults(true)),
      gate.call(() => job.getFailedResults()),
    ]);
    const byId = new Map<string, WriteResult>();
    const [header, ...ids] = firstColumn(successful ?? '');
    if (header !== undefined && header !== 'sf__Id')
      throw new Error(`Bulk ${operation} job ${job.id}: unexpected results column ${header}`);
    for (const id of ids) byId.set(id, { id, success: true, errors: [] });
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
