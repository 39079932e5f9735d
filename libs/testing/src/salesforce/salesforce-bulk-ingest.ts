import type { SalesforceApiContext } from './salesforce-context';
import { csvLine, parseCsv } from './salesforce-csv';
import {
  json,
  jsonObject,
  methodNotAllowed,
  notFound,
  restError,
  type SfRequest,
  type SfResponse,
} from './salesforce-http';
import { formatRestDatetime, SalesforceError } from './salesforce-values';

const OPERATIONS = ['insert', 'update', 'upsert', 'delete', 'hardDelete'];
/** Rows processed between yields, so the server keeps answering polls while a job runs. */
const CHUNK = 1000;

interface IngestJob {
  info: Record<string, unknown> & { id: string; state: string; operation: string; object: string };
  csv: string | null;
  header: string[];
  successful: string[];
  failed: string[];
  unprocessed: string[];
}

const invalidJob = (message: string) => new SalesforceError('INVALIDJOB', message);
const jobState = (message: string) => new SalesforceError('INVALIDJOBSTATE', message);

/** Bulk API 2.0 ingest jobs: create, upload CSV once, UploadComplete, poll, per-row results. */
export class SalesforceBulkIngest {
  private readonly jobs = new Map<string, IngestJob>();

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
      if (method === 'PATCH') return this.changeState(job, jsonObject(request).state);
      if (method === 'DELETE') {
        this.jobs.delete(id);
        return { status: 204 };
      }
      return methodNotAllowed(method, ['GET', 'PATCH', 'DELETE']);
    }
    if (part === 'batches') {
      if (method !== 'PUT') return methodNotAllowed(method, ['PUT']);
      if (job.info.state !== 'Open' || job.csv !== null) throw jobState('Job is not open for data upload');
      job.csv = request.body.toString('utf8');
      return { status: 201, body: '' };
    }
    if (method !== 'GET') return methodNotAllowed(method, ['GET']);
    const lines =
      part === 'successfulResults'
        ? [csvLine(['sf__Id', 'sf__Created', ...job.header]), ...job.successful]
        : part === 'failedResults'
          ? [csvLine(['sf__Id', 'sf__Error', ...job.header]), ...job.failed]
          : part === 'unprocessedrecords'
            ? [csvLine(job.header), ...job.unprocessed]
            : null;
    if (!lines) return notFound();
    return { status: 200, headers: { 'content-type': 'text/csv' }, body: lines.join('') };
  }

  private create(request: SfRequest, version: string): SfResponse {
    const body = jsonObject(request);
    const operation = String(body.operation ?? '');
    if (!OPERATIONS.includes(operation)) throw invalidJob(`InvalidJob : Invalid operation: ${operation}`);
    let object: string;
    try {
      object = this.context.store.object(String(body.object ?? '')).name;
    } catch {
      throw invalidJob(`InvalidJob : Invalid object: ${String(body.object)}`);
    }
    if (operation === 'upsert' && !body.externalIdFieldName) {
      throw invalidJob('InvalidJob : External ID was blank for upsert');
    }
    if ((body.columnDelimiter ?? 'COMMA') !== 'COMMA' || (body.contentType ?? 'CSV') !== 'CSV') {
      throw invalidJob('InvalidJob : only CSV with COMMA delimiters is supported here');
    }
    const id = this.context.store.ids.next('750');
    const now = formatRestDatetime(Date.now());
    const info = {
      id,
      operation,
      object,
      createdById: this.context.store.userId,
      createdDate: now,
      systemModstamp: now,
      state: 'Open',
      ...(body.externalIdFieldName ? { externalIdFieldName: String(body.externalIdFieldName) } : {}),
      concurrencyMode: 'Parallel',
      contentType: 'CSV',
      apiVersion: Number(version),
      contentUrl: `services/data/v${version}/jobs/ingest/${id}/batches`,
      lineEnding: String(body.lineEnding ?? 'LF'),
      columnDelimiter: 'COMMA',
      jobType: 'V2Ingest',
    };
    this.jobs.set(id, { info, csv: null, header: [], successful: [], failed: [], unprocessed: [] });
    return json(200, info);
  }

  private changeState(job: IngestJob, state: unknown): SfResponse {
    if (state === 'Aborted') {
      if (['JobComplete', 'Failed'].includes(job.info.state)) throw jobState('Job is already finished');
      job.info.state = 'Aborted';
      return json(200, job.info);
    }
    if (state !== 'UploadComplete') throw jobState(`Invalid state: ${String(state)}`);
    if (job.info.state !== 'Open') throw jobState('Job is not open');
    job.info.state = 'UploadComplete';
    setImmediate(() => void this.process(job));
    return json(200, job.info);
  }

  private async process(job: IngestJob): Promise<void> {
    const started = Date.now();
    const [header = [], ...rows] = parseCsv(job.csv ?? '').filter((r) => r.length > 1 || r[0] !== '');
    job.header = header;
    const { store, dml } = this.context;
    const object = job.info.object;
    const unknown = header.find((name) => !store.visibleField(object, name));
    if (unknown) {
      Object.assign(job.info, {
        state: 'Failed',
        errorMessage: `InvalidBatch : Field name not found : ${unknown}`,
      });
      return;
    }
    if (job.info.state === 'Aborted') return;
    job.info.state = 'InProgress';
    const idColumn = header.findIndex((h) => h.toLowerCase() === 'id');
    let processed = 0;
    for (let i = 0; i < rows.length; i += 1) {
      if (i % CHUNK === 0 && i > 0) await new Promise((resolve) => setImmediate(resolve));
      const cells = rows[i]!;
      if (job.info.state === 'Aborted') {
        job.unprocessed.push(csvLine(cells));
        continue;
      }
      const values = Object.fromEntries(header.map((name, c) => [name, cells[c] ?? '']));
      const rowId = idColumn >= 0 ? (cells[idColumn] ?? '') : '';
      processed += 1;
      try {
        let id: string;
        let created = false;
        switch (job.info.operation) {
          case 'insert':
            id = dml.create(object, values, { fromCsv: true });
            created = true;
            break;
          case 'update':
            id = dml.update(object, rowId, values, { fromCsv: true });
            break;
          case 'upsert':
            ({ id, created } = dml.upsert(object, String(job.info.externalIdFieldName), values, {
              fromCsv: true,
            }));
            break;
          default:
            id = dml.delete(object, rowId);
        }
        job.successful.push(csvLine([id, String(created), ...cells]));
      } catch (error) {
        if (!(error instanceof SalesforceError)) throw error;
        job.failed.push(csvLine([rowId, error.toBulk(), ...cells]));
      }
    }
    const elapsed = Date.now() - started;
    Object.assign(job.info, {
      numberRecordsProcessed: processed,
      numberRecordsFailed: job.failed.length,
      retries: 0,
      totalProcessingTime: elapsed,
      apiActiveProcessingTime: elapsed,
      apexProcessingTime: 0,
      systemModstamp: formatRestDatetime(Date.now()),
    });
    if (job.info.state !== 'Aborted') job.info.state = 'JobComplete';
  }
}
