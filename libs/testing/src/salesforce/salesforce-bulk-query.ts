import type { SalesforceApiContext } from './salesforce-context';
import { csvLine } from './salesforce-csv';
import {
  json,
  jsonObject,
  methodNotAllowed,
  notFound,
  restError,
  type SfRequest,
  type SfResponse,
} from './salesforce-http';
import { formatCsvValue, formatRestDatetime, SalesforceError } from './salesforce-values';
import { executeSoql, type QueryResult } from './soql-executor';
import { parseSoql } from './soql-parser';

interface QueryJob {
  info: Record<string, unknown> & { id: string; state: string };
  result: QueryResult;
}

const locatorOf = (offset: number) => Buffer.from(String(offset)).toString('base64url');
const offsetOf = (locator: string) => Number(Buffer.from(locator, 'base64url').toString('utf8'));

/** Bulk API 2.0 query jobs: create, poll, CSV results paged with the Sforce-Locator header. */
export class SalesforceBulkQuery {
  private readonly jobs = new Map<string, QueryJob>();

  constructor(private readonly context: SalesforceApiContext) {}

  handle(request: SfRequest, version: string, segments: string[]): SfResponse {
    try {
      return this.route(request, version, segments);
    } catch (error) {
      if (error instanceof SalesforceError) return restError(400, error);
      throw error;
    }
  }

  private route(request: SfRequest, version: string, segments: string[]): SfResponse {
    const { method } = request;
    const [id, part, ...extra] = segments;
    if (!id) {
      if (method === 'POST') return this.create(request, version);
      if (method === 'GET')
        return json(200, {
          done: true,
          records: [...this.jobs.values()].map((j) => j.info),
          nextRecordsUrl: null,
        });
      return methodNotAllowed(method, ['GET', 'POST']);
    }
    const job = this.jobs.get(id);
    if (!job || extra.length > 0) return notFound();
    if (!part) {
      if (method === 'GET') return json(200, job.info);
      if (method === 'DELETE') {
        this.jobs.delete(id);
        return { status: 204 };
      }
      if (method === 'PATCH') {
        if (jsonObject(request).state !== 'Aborted')
          throw new SalesforceError('INVALIDJOBSTATE', 'Invalid state');
        if (job.info.state !== 'JobComplete') job.info.state = 'Aborted';
        return json(200, job.info);
      }
      return methodNotAllowed(method, ['GET', 'PATCH', 'DELETE']);
    }
    if (part !== 'results') return notFound();
    if (method !== 'GET') return methodNotAllowed(method, ['GET']);
    if (job.info.state !== 'JobComplete') {
      throw new SalesforceError('INVALIDJOBSTATE', `Job state is ${job.info.state}; results are not ready`);
    }
    return this.results(job, request.query.get('locator'), Number(request.query.get('maxRecords') ?? NaN));
  }

  private create(request: SfRequest, version: string): SfResponse {
    const body = jsonObject(request);
    const operation = String(body.operation ?? 'query');
    if (operation !== 'query' && operation !== 'queryAll') {
      throw new SalesforceError('INVALIDJOB', `InvalidJob : Invalid operation: ${operation}`);
    }
    const query = parseSoql(String(body.query ?? ''));
    if (!query.fields)
      throw new SalesforceError('INVALIDJOB', 'InvalidJob : Aggregate queries are not supported');
    const result = executeSoql(this.context.store, query, operation === 'queryAll');
    const id = this.context.store.ids.next('750');
    const now = formatRestDatetime(Date.now());
    const info = {
      id,
      operation,
      object: result.object,
      createdById: this.context.store.userId,
      createdDate: now,
      systemModstamp: now,
      state: 'UploadComplete',
      concurrencyMode: 'Parallel',
      contentType: 'CSV',
      apiVersion: Number(version),
      lineEnding: 'LF',
      columnDelimiter: 'COMMA',
      jobType: 'V2Query',
    };
    const job: QueryJob = { info, result };
    this.jobs.set(id, job);
    // Reported as queued first, like Salesforce, so pollers go through a real wait.
    setImmediate(() => {
      if (job.info.state !== 'UploadComplete') return;
      job.info.state = 'InProgress';
      setImmediate(() => {
        if (job.info.state !== 'InProgress') return;
        Object.assign(job.info, {
          state: 'JobComplete',
          numberRecordsProcessed: result.records.length,
          retries: 0,
          totalProcessingTime: 1,
          systemModstamp: formatRestDatetime(Date.now()),
        });
      });
    });
    return json(200, info);
  }

  private results(job: QueryJob, locator: string | null, maxRecords: number): SfResponse {
    const { result } = job;
    const fields = result.fields ?? [];
    const start = locator ? offsetOf(locator) : 0;
    if (!Number.isInteger(start) || start < 0) {
      throw new SalesforceError('INVALIDLOCATOR', `Invalid locator: ${String(locator)}`);
    }
    const size =
      Number.isInteger(maxRecords) && maxRecords > 0 ? maxRecords : this.context.settings.bulkQueryPageSize;
    const end = Math.min(start + size, result.records.length);
    const lines = [csvLine(fields.map((f) => f.name))];
    for (let i = start; i < end; i += 1) {
      const record = result.records[i]!;
      lines.push(
        csvLine(
          fields.map((f) =>
            record[f.name] === null || record[f.name] === undefined
              ? null
              : formatCsvValue(f, record[f.name]),
          ),
        ),
      );
    }
    return {
      status: 200,
      headers: {
        'content-type': 'text/csv',
        'sforce-locator': end < result.records.length ? locatorOf(end) : 'null',
        'sforce-numberofrecords': String(end - start),
      },
      body: lines.join(''),
    };
  }
}
