import type { SalesforceApiContext } from './salesforce-context';
import {
  json,
  jsonObject,
  methodNotAllowed,
  notFound,
  restError,
  type SfRequest,
  type SfResponse,
} from './salesforce-http';
import { normalizeSalesforceId } from './salesforce-ids';
import { restRecord } from './salesforce-query';
import { SalesforceError } from './salesforce-values';

const MAX_RECORDS = 200;

const tooMany = () =>
  new SalesforceError(
    'EXCEEDED_ID_LIMIT',
    `record limit reached. cannot submit more than ${MAX_RECORDS} records into this call`,
  );

type Row = Record<string, unknown> & { attributes?: { type?: string } };

function recordsOf(body: Record<string, unknown>): Row[] {
  const records = body.records;
  if (!Array.isArray(records)) throw new SalesforceError('JSON_PARSER_ERROR', 'records is required');
  if (records.length > MAX_RECORDS) throw tooMany();
  return records as Row[];
}

const typeOf = (row: Row, fallback?: string) => {
  const type = row.attributes?.type ?? fallback;
  if (!type) throw new SalesforceError('INVALID_TYPE', 'Must send a concrete entity type.');
  return type;
};

const without = (row: Row, ...keys: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k.toLowerCase())));

/** sObject Collections: up to 200 records per call, per-record results, optional allOrNone. */
export class SalesforceComposite {
  constructor(private readonly context: SalesforceApiContext) {}

  handle(request: SfRequest, version: string, segments: string[]): SfResponse {
    try {
      if (segments[0] !== 'sobjects') return notFound();
      return this.route(request, version, segments.slice(1));
    } catch (error) {
      if (error instanceof SalesforceError) return restError(400, error);
      throw error;
    }
  }

  private route(request: SfRequest, version: string, rest: string[]): SfResponse {
    const { dml } = this.context;
    const { method } = request;
    if (rest.length === 0) {
      if (method === 'DELETE') {
        const ids = (request.query.get('ids') ?? '').split(',').filter(Boolean);
        if (ids.length > MAX_RECORDS) throw tooMany();
        const allOrNone = request.query.get('allOrNone') === 'true';
        return json(
          200,
          dml.batch(ids, allOrNone, (id) => ({ id: this.deleteAny(id) })),
        );
      }
      const body = jsonObject(request);
      const rows = recordsOf(body);
      const allOrNone = body.allOrNone === true;
      if (method === 'POST') {
        return json(
          200,
          dml.batch(rows, allOrNone, (row) => {
            if (row.id !== undefined || row.Id !== undefined) {
              throw new SalesforceError('INVALID_FIELD', 'cannot specify Id in an insert call', ['Id']);
            }
            return { id: dml.create(typeOf(row), without(row, 'attributes')) };
          }),
        );
      }
      if (method === 'PATCH') {
        return json(
          200,
          dml.batch(rows, allOrNone, (row) => ({
            id: dml.update(typeOf(row), row.id ?? row.Id, without(row, 'attributes', 'id')),
          })),
        );
      }
      return methodNotAllowed(method, ['POST', 'PATCH', 'DELETE']);
    }
    const [objectName, externalField, ...extra] = rest;
    if (extra.length > 0) return notFound();
    const object = this.context.store.object(objectName!);
    if (!externalField) {
      if (method !== 'POST') return methodNotAllowed(method, ['POST']);
      return this.retrieve(version, object.name, jsonObject(request));
    }
    if (method !== 'PATCH') return methodNotAllowed(method, ['PATCH']);
    const body = jsonObject(request);
    return json(
      200,
      dml.batch(recordsOf(body), body.allOrNone === true, (row) =>
        dml.upsert(typeOf(row, object.name), externalField, without(row, 'attributes')),
      ),
    );
  }

  /** Deletes by id, whatever object its key prefix names. */
  private deleteAny(rawId: string): string {
    const id = normalizeSalesforceId(rawId);
    const { store, dml } = this.context;
    const object = id && store.objectNames().find((name) => store.object(name).keyPrefix === id.slice(0, 3));
    if (!object) throw new SalesforceError('MALFORMED_ID', `malformed id ${rawId}`);
    return dml.delete(object, id);
  }

  private retrieve(version: string, objectName: string, body: Record<string, unknown>): SfResponse {
    const { store } = this.context;
    const ids = Array.isArray(body.ids) ? (body.ids as string[]) : [];
    if (ids.length > 2000) throw tooMany();
    const fields = (Array.isArray(body.fields) ? (body.fields as string[]) : []).map((name) => {
      const field = store.visibleField(objectName, name);
      if (!field)
        throw new SalesforceError(
          'INVALID_FIELD',
          `No such column '${name}' on sobject of type ${objectName}`,
        );
      return field;
    });
    const records = ids.map((id) => {
      const record = store.get(objectName, id);
      return record && !record.IsDeleted ? restRecord(version, objectName, fields, record) : null;
    });
    return json(200, records);
  }
}
