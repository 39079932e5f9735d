import { normalizeSalesforceId } from './salesforce-ids';
import { isRequiredOnCreate, type SalesforceFieldDefinition } from './salesforce-schema';
import type { SalesforceRecord, SalesforceStore } from './salesforce-store';
import { coerceValue, SalesforceError } from './salesforce-values';

/** A validation rule: when `rejects` says yes, the save fails with `message` (on `field`, if given). */
export interface SalesforceValidationRule {
  object: string;
  message: string;
  field?: string;
  rejects: (record: SalesforceRecord) => boolean;
}

export interface SaveResult {
  id: string | null;
  success: boolean;
  errors: Array<{ statusCode: string; message: string; fields: string[] }>;
  created?: boolean;
}

interface WriteOptions {
  /** Values come from Bulk API CSV: '#N/A' writes null, an empty value leaves the field alone. */
  fromCsv?: boolean;
}

const ROLLED_BACK = new SalesforceError(
  'ALL_OR_NONE_OPERATION_ROLLED_BACK',
  'Record rolled back because not all records were valid and the request was using AllOrNone header',
);

/** Creates, updates, upserts and deletes through the rules an org enforces on API writes. */
export class SalesforceDml {
  readonly validationRules: SalesforceValidationRule[] = [];
  /** Object -> fields whose values together identify a duplicate. */
  readonly duplicateRules = new Map<string, string[]>();
  readonly lockedIds = new Set<string>();
  /** Objects (lower-cased) the integration user's profile may not delete. */
  readonly undeletable = new Set<string>();

  constructor(private readonly store: SalesforceStore) {}

  private writable(
    objectName: string,
    input: Record<string, unknown>,
    creating: boolean,
    options: WriteOptions,
  ) {
    const values: Record<string, unknown> = {};
    const denied: string[] = [];
    for (const [key, raw] of Object.entries(input)) {
      if (key === 'attributes' || (key.toLowerCase() === 'id' && !creating)) continue;
      if (options.fromCsv && raw === '') continue;
      const field = this.store.visibleField(objectName, key);
      if (!field) {
        throw new SalesforceError(
          'INVALID_FIELD',
          `No such column '${key}' on sobject of type ${objectName}`,
          [key],
        );
      }
      const editable = this.store.access(objectName, field.name).editable;
      if (!editable || !(creating ? field.createable : field.updateable)) {
        denied.push(field.name);
        continue;
      }
      values[field.name] = coerceValue(
        field,
        options.fromCsv && raw === '#N/A' ? null : raw,
        options.fromCsv,
      );
    }
    if (denied.length > 0) {
      throw new SalesforceError(
        'INVALID_FIELD_FOR_INSERT_UPDATE',
        `Unable to create/update fields: ${denied.join(', ')}. Please check the security settings of this field and verify that it is read/write for your profile or permission set.`,
        denied,
      );
    }
    return values;
  }

  private check(objectName: string, record: SalesforceRecord, changed: string[]): void {
    const fields = this.store.object(objectName).fields;
    const missing = fields.filter((f) => isRequiredOnCreate(f) && (record[f.name] ?? null) === null);
    if (missing.length > 0) {
      const names = missing.map((f) => f.name);
      throw new SalesforceError(
        'REQUIRED_FIELD_MISSING',
        `Required fields are missing: [${names.join(', ')}]`,
        names,
      );
    }
    for (const field of fields) {
      if (changed.includes(field.name) && field.type === 'reference')
        this.checkReference(field, record[field.name]);
    }
    for (const rule of this.validationRules) {
      if (rule.object.toLowerCase() === objectName.toLowerCase() && rule.rejects(record)) {
        throw new SalesforceError(
          'FIELD_CUSTOM_VALIDATION_EXCEPTION',
          rule.message,
          rule.field ? [rule.field] : [],
        );
      }
    }
    const others = (field: string) =>
      this.store.lookup(objectName, field, record[field]).filter((r) => r.Id !== record.Id && !r.IsDeleted);
    const duplicateFields = this.duplicateRules.get(objectName.toLowerCase());
    if (duplicateFields && duplicateFields.some((f) => changed.includes(f))) {
      const [first, ...rest] = duplicateFields;
      const same = (record[first!] ?? null) === null ? [] : others(first!);
      const clash = same.find((r) =>
        rest.every((f) => String(r[f] ?? '').toLowerCase() === String(record[f] ?? '').toLowerCase()),
      );
      if (clash) throw new SalesforceError('DUPLICATES_DETECTED', 'Use one of these records?');
    }
    for (const field of fields) {
      if (!field.unique || !changed.includes(field.name) || (record[field.name] ?? null) === null) continue;
      const clash = others(field.name)[0];
      if (clash) {
        throw new SalesforceError(
          'DUPLICATE_VALUE',
          `duplicate value found: ${field.name} duplicates value on record with id: ${String(clash.Id)}`,
          [field.name],
        );
      }
    }
  }

  private checkReference(field: SalesforceFieldDefinition, id: unknown): void {
    const target = field.referenceTo[0];
    if (id === null || id === undefined || !target || target === 'User') return;
    if (!this.store.get(target, id as string)) {
      throw new SalesforceError('INVALID_CROSS_REFERENCE_KEY', `invalid cross reference id`, [field.name]);
    }
  }

  create(objectName: string, input: Record<string, unknown>, options: WriteOptions = {}): string {
    const definition = this.store.object(objectName);
    const values = this.writable(definition.name, input, true, options);
    const now = this.store.stamp();
    const record: Record<string, unknown> = {};
    for (const field of definition.fields)
      if (field.defaultValue !== undefined) record[field.name] = field.defaultValue;
    Object.assign(record, values, {
      Id: this.store.ids.next(definition.keyPrefix),
      IsDeleted: false,
      OwnerId: values.OwnerId ?? this.store.userId,
      CreatedById: this.store.userId,
      LastModifiedById: this.store.userId,
      CreatedDate: now,
      LastModifiedDate: now,
      SystemModstamp: now,
    });
    this.check(definition.name, record, Object.keys(record));
    this.store.put(definition.name, record);
    return record.Id as string;
  }

  private existing(objectName: string, rawId: unknown): SalesforceRecord {
    const id = typeof rawId === 'string' ? normalizeSalesforceId(rawId) : null;
    if (!id)
      throw new SalesforceError('MALFORMED_ID', `Record ID: id value of incorrect type: ${String(rawId)}`, [
        'Id',
      ]);
    const record = this.store.get(objectName, id);
    if (!record) throw new SalesforceError('NOT_FOUND', 'The requested resource does not exist');
    if (record.IsDeleted) throw new SalesforceError('ENTITY_IS_DELETED', 'entity is deleted');
    if (this.lockedIds.has(id)) {
      throw new SalesforceError(
        'UNABLE_TO_LOCK_ROW',
        `unable to obtain exclusive access to this record or 1 records: ${id}`,
      );
    }
    return record;
  }

  update(
    objectName: string,
    id: unknown,
    input: Record<string, unknown>,
    options: WriteOptions = {},
  ): string {
    const definition = this.store.object(objectName);
    const current = this.existing(definition.name, id);
    const values = this.writable(definition.name, input, false, options);
    const now = this.store.stamp();
    const record = {
      ...current,
      ...values,
      LastModifiedById: this.store.userId,
      LastModifiedDate: now,
      SystemModstamp: now,
    };
    this.check(definition.name, record, Object.keys(values));
    this.store.put(definition.name, record);
    return current.Id as string;
  }

  /** Matches on an external id or id-lookup field (or Id): updates the one match or creates. */
  upsert(objectName: string, fieldName: string, input: Record<string, unknown>, options: WriteOptions = {}) {
    const definition = this.store.object(objectName);
    const field = this.store.visibleField(definition.name, fieldName);
    if (!field || !(field.externalId || field.idLookup)) {
      throw new SalesforceError(
        'NOT_FOUND',
        `Provided external ID field does not exist or is not accessible: ${fieldName}`,
      );
    }
    const key = Object.entries(input).find(([k]) => k.toLowerCase() === field.name.toLowerCase())?.[1];
    if (key === undefined || key === null || key === '') {
      throw new SalesforceError('MISSING_ARGUMENT', `${field.name} not specified`, [field.name]);
    }
    const value = coerceValue(field, key, options.fromCsv);
    const matches =
      field.name === 'Id'
        ? [this.store.get(definition.name, value as string)].filter((r) => r && !r.IsDeleted)
        : this.store.lookup(definition.name, field.name, value).filter((r) => !r.IsDeleted);
    if (matches.length > 1) {
      throw new SalesforceError(
        'DUPLICATE_EXTERNAL_ID',
        `${field.name}: more than one record found for external id field: [${matches.map((r) => r!.Id).join(', ')}]`,
        [field.name],
      );
    }
    if (matches.length === 1) {
      const rest = Object.fromEntries(Object.entries(input).filter(([k]) => k.toLowerCase() !== 'id'));
      return { id: this.update(definition.name, matches[0]!.Id, rest, options), created: false };
    }
    if (field.name === 'Id') throw new SalesforceError('NOT_FOUND', 'The requested resource does not exist');
    return { id: this.create(definition.name, input, options), created: true };
  }

  delete(objectName: string, id: unknown): string {
    const definition = this.store.object(objectName);
    const current = this.existing(definition.name, id);
    if (this.undeletable.has(definition.name.toLowerCase())) {
      throw new SalesforceError('INSUFFICIENT_ACCESS_OR_READONLY', 'insufficient access rights on object id');
    }
    const now = this.store.stamp();
    this.store.put(definition.name, {
      ...current,
      IsDeleted: true,
      LastModifiedDate: now,
      SystemModstamp: now,
    });
    return current.Id as string;
  }

  /**
   * Applies each item, keeping per-item results; with allOrNone a single failure undoes all of
   * them and the others report they were rolled back.
   */
  batch<T>(
    items: T[],
    allOrNone: boolean,
    apply: (item: T) => { id: string; created?: boolean },
  ): SaveResult[] {
    return this.store.transaction(() => {
      const results: SaveResult[] = items.map((item) => {
        try {
          const { id, created } = apply(item);
          return { id, success: true, errors: [], ...(created === undefined ? {} : { created }) };
        } catch (error) {
          if (!(error instanceof SalesforceError)) throw error;
          return { id: null, success: false, errors: [error.toSaveError()] };
        }
      });
      const failed = results.some((r) => !r.success);
      if (!allOrNone || !failed) return { commit: true, value: results };
      const value = results.map((r) =>
        r.success ? { id: null, success: false, errors: [ROLLED_BACK.toSaveError()] } : r,
      );
      return { commit: false, value };
    });
  }
}
