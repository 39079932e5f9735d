import type { SalesforceApiContext } from './salesforce-context';
import {
  json,
  jsonObject,
  methodNotAllowed,
  noContent,
  notFound,
  restError,
  statusOf,
  type SfRequest,
  type SfResponse,
} from './salesforce-http';
import { normalizeSalesforceId } from './salesforce-ids';
import { restRecord } from './salesforce-query';
import type { SalesforceFieldDefinition } from './salesforce-schema';
import { formatRestDatetime, SalesforceError } from './salesforce-values';

const SOAP_TYPES: Record<string, string> = {
  id: 'tns:ID',
  reference: 'tns:ID',
  boolean: 'xsd:boolean',
  int: 'xsd:int',
  double: 'xsd:double',
  currency: 'xsd:double',
  percent: 'xsd:double',
  date: 'xsd:date',
  datetime: 'xsd:dateTime',
};

/** `/sobjects`, `/sobjects/{object}/describe` and single-record create/read/update/delete/upsert. */
export class SalesforceSObjects {
  constructor(private readonly context: SalesforceApiContext) {}

  handle(request: SfRequest, version: string, segments: string[]): SfResponse {
    try {
      return this.route(request, version, segments);
    } catch (error) {
      if (error instanceof SalesforceError) {
        return restError(error.errorCode === 'INVALID_TYPE' ? 404 : statusOf(error), error);
      }
      throw error;
    }
  }

  private route(request: SfRequest, version: string, segments: string[]): SfResponse {
    const { method } = request;
    const [objectName, second, third, ...extra] = segments;
    if (extra.length > 0) return notFound();
    if (!objectName)
      return method === 'GET' ? this.describeGlobal(version) : methodNotAllowed(method, ['GET']);
    const object = this.context.store.object(objectName);
    if (!second) {
      if (method === 'POST') return this.create(object.name, request);
      if (method === 'GET')
        return json(200, { objectDescribe: this.summary(version, object.name), recentItems: [] });
      return methodNotAllowed(method, ['GET', 'POST']);
    }
    if ((second === 'updated' || second === 'deleted') && !third) {
      return method === 'GET'
        ? this.changes(object.name, second, request)
        : methodNotAllowed(method, ['GET']);
    }
    if (second === 'describe' && !third) {
      return method === 'GET' ? this.describe(version, object.name) : methodNotAllowed(method, ['GET']);
    }
    if (third !== undefined) {
      if (method !== 'PATCH') return methodNotAllowed(method, ['PATCH']);
      const { dml } = this.context;
      const body = { ...jsonObject(request), [second]: decodeURIComponent(third) };
      const { store } = this.context;
      const field = store.field(object.name, second);
      const live = field
        ? store.lookup(object.name, field.name, body[second]).filter((r) => !r.IsDeleted)
        : [];
      if (live.length > 1) {
        // Several records share the key: Salesforce answers 300 with their URLs.
        return json(
          300,
          live.map((r) => `/services/data/v${version}/sobjects/${object.name}/${String(r.Id)}`),
        );
      }
      const { id, created } = dml.upsert(object.name, second, body);
      return json(created ? 201 : 200, { id, success: true, errors: [], created });
    }
    switch (method) {
      case 'GET':
        return this.read(version, object.name, second, request.query.get('fields'));
      case 'PATCH':
        this.context.dml.update(object.name, second, jsonObject(request));
        return noContent();
      case 'DELETE':
        this.context.dml.delete(object.name, second);
        return noContent();
      default:
        return methodNotAllowed(method, ['GET', 'PATCH', 'DELETE']);
    }
  }

  /** getUpdated / getDeleted: records changed or deleted between `start` and `end`. */
  private changes(objectName: string, kind: 'updated' | 'deleted', request: SfRequest): SfResponse {
    const start = Date.parse(request.query.get('start') ?? '');
    const end = Date.parse(request.query.get('end') ?? '');
    if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) {
      throw new SalesforceError('INVALID_REPLICATION_DATE', 'start date must be before end date');
    }
    const rows = [...this.context.store.rows(objectName)].filter(
      (r) =>
        (r.SystemModstamp as number) >= start &&
        (r.SystemModstamp as number) <= end &&
        Boolean(r.IsDeleted) === (kind === 'deleted'),
    );
    const latestDateCovered = formatRestDatetime(end);
    if (kind === 'updated') return json(200, { ids: rows.map((r) => r.Id), latestDateCovered });
    return json(200, {
      deletedRecords: rows.map((r) => ({
        id: r.Id,
        deletedDate: formatRestDatetime(r.SystemModstamp as number),
      })),
      earliestDateAvailable: formatRestDatetime(
        Math.min(start, ...rows.map((r) => r.SystemModstamp as number)),
      ),
      latestDateCovered,
    });
  }

  private create(objectName: string, request: SfRequest): SfResponse {
    const id = this.context.dml.create(objectName, jsonObject(request));
    return json(201, { id, success: true, errors: [] });
  }

  private read(version: string, objectName: string, rawId: string, fieldList: string | null): SfResponse {
    const { store } = this.context;
    const id = normalizeSalesforceId(rawId);
    const record = id ? store.get(objectName, id) : undefined;
    if (!record || record.IsDeleted) return notFound();
    const fields = fieldList
      ? fieldList.split(',').map((name) => {
          const field = store.visibleField(objectName, name.trim());
          if (!field) {
            throw new SalesforceError(
              'INVALID_FIELD',
              `No such column '${name}' on sobject of type ${objectName}`,
            );
          }
          return field;
        })
      : store.visibleFields(objectName);
    return json(200, restRecord(version, objectName, fields, record));
  }

  private summary(version: string, objectName: string) {
    const object = this.context.store.object(objectName);
    const base = `/services/data/v${version}/sobjects/${object.name}`;
    return {
      name: object.name,
      label: object.label,
      labelPlural: object.labelPlural,
      keyPrefix: object.keyPrefix,
      custom: false,
      createable: true,
      updateable: true,
      deletable: true,
      queryable: true,
      retrieveable: true,
      searchable: true,
      layoutable: true,
      replicateable: true,
      triggerable: true,
      undeletable: true,
      urls: { sobject: base, describe: `${base}/describe`, rowTemplate: `${base}/{ID}` },
    };
  }

  private describeGlobal(version: string): SfResponse {
    const { store } = this.context;
    return json(200, {
      encoding: 'UTF-8',
      maxBatchSize: 200,
      sobjects: store.objectNames().map((name) => this.summary(version, name)),
    });
  }

  /** Fields the integration user cannot read are left out; read-only ones say so in the flags. */
  private describe(version: string, objectName: string): SfResponse {
    const { store } = this.context;
    const fields = store.visibleFields(objectName).map((field) => this.describeField(objectName, field));
    return json(200, {
      ...this.summary(version, objectName),
      fields,
      childRelationships: [],
      recordTypeInfos: [],
    });
  }

  private describeField(objectName: string, field: SalesforceFieldDefinition) {
    const editable = this.context.store.access(objectName, field.name).editable;
    return {
      name: field.name,
      label: field.label,
      type: field.type,
      soapType: SOAP_TYPES[field.type] ?? 'xsd:string',
      length: field.length,
      byteLength: field.length * 3,
      createable: field.createable && editable,
      updateable: field.updateable && editable,
      nillable: field.nillable,
      custom: field.custom,
      externalId: field.externalId,
      unique: field.unique,
      idLookup: field.idLookup,
      defaultedOnCreate: field.defaultedOnCreate,
      calculated: false,
      autoNumber: false,
      filterable: true,
      sortable: field.type !== 'textarea',
      groupable: !['double', 'currency', 'percent', 'datetime', 'textarea'].includes(field.type),
      referenceTo: field.referenceTo,
      relationshipName:
        field.type === 'reference' && field.name.endsWith('Id') ? field.name.slice(0, -2) || null : null,
      picklistValues: field.picklistValues.map((value) => ({
        active: true,
        defaultValue: field.defaultValue === value,
        label: value,
        validFor: null,
        value,
      })),
      precision: field.type === 'currency' ? 18 : 0,
      scale: field.type === 'currency' ? 2 : 0,
      digits: field.type === 'int' ? 8 : 0,
    };
  }
}
