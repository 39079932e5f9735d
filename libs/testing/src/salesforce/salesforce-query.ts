import { randomBytes } from 'node:crypto';
import type { SalesforceApiContext } from './salesforce-context';
import { json, notFound, restError, type SfRequest, type SfResponse } from './salesforce-http';
import type { SalesforceFieldDefinition } from './salesforce-schema';
import type { SalesforceRecord } from './salesforce-store';
import { formatJsonValue, SalesforceError } from './salesforce-values';
import { executeSoql, type QueryResult } from './soql-executor';
import { parseSoql } from './soql-parser';

interface Cursor {
  result: QueryResult;
  pageSize: number;
}

const MAX_CURSORS = 1000;

/** A record as the REST API returns it: `attributes` first, then the selected fields. */
export function restRecord(
  version: string,
  object: string,
  fields: SalesforceFieldDefinition[],
  record: SalesforceRecord,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    attributes: { type: object, url: `/services/data/v${version}/sobjects/${object}/${String(record.Id)}` },
  };
  for (const field of fields) body[field.name] = formatJsonValue(field, record[field.name]);
  return body;
}

/**
 * `query` and `queryAll` with server-side cursors: a page of at most the batch size, and
 * `nextRecordsUrl` (`.../query/01g...-2000`) while rows remain, as queryMore expects.
 */
export class SalesforceQueries {
  private readonly cursors = new Map<string, Cursor>();

  constructor(private readonly context: SalesforceApiContext) {}

  handle(request: SfRequest, version: string, all: boolean, locator: string | undefined): SfResponse {
    if (request.method !== 'GET') return notFound();
    try {
      if (locator) return this.more(version, all, locator);
      const soql = request.query.get('q');
      if (!soql) throw new SalesforceError('MALFORMED_QUERY', 'SOQL statement cannot be empty');
      const result = executeSoql(this.context.store, parseSoql(soql), all);
      return this.page(version, all, { result, pageSize: this.batchSize(request) }, 0, null);
    } catch (error) {
      if (error instanceof SalesforceError) return restError(400, error);
      throw error;
    }
  }

  private batchSize(request: SfRequest): number {
    const header = String(request.headers['sforce-query-options'] ?? '');
    const asked = Number(/batchSize\s*=\s*(\d+)/i.exec(header)?.[1]);
    const size = Number.isFinite(asked) && asked > 0 ? asked : this.context.settings.queryPageSize;
    return Math.min(Math.max(size, 200), 2000, this.context.settings.queryPageSize);
  }

  private more(version: string, all: boolean, locator: string): SfResponse {
    const match = /^(01g\w+)-(\d+)$/.exec(locator);
    const cursor = match ? this.cursors.get(match[1]!) : undefined;
    if (!match || !cursor) {
      return restError(400, new SalesforceError('INVALID_QUERY_LOCATOR', 'invalid query locator'));
    }
    return this.page(version, all, cursor, Number(match[2]), match[1]!);
  }

  private page(version: string, all: boolean, cursor: Cursor, start: number, id: string | null): SfResponse {
    const { result, pageSize } = cursor;
    const end = Math.min(start + pageSize, result.records.length);
    const fields = result.fields ?? [];
    const records = result.fields
      ? result.records.slice(start, end).map((r) => restRecord(version, result.object, fields, r))
      : [];
    const done = !result.fields || end >= result.records.length;
    const body: Record<string, unknown> = { totalSize: result.totalSize, done, records };
    if (!done) {
      const cursorId = id ?? `01g${randomBytes(6).toString('hex').slice(0, 12).toUpperCase()}`;
      if (!id) {
        this.cursors.set(cursorId, cursor);
        if (this.cursors.size > MAX_CURSORS) this.cursors.delete(this.cursors.keys().next().value!);
      }
      body.nextRecordsUrl = `/services/data/v${version}/${all ? 'queryAll' : 'query'}/${cursorId}-${end}`;
    }
    return json(200, body);
  }
}
