import type { SalesforceDml, SalesforceValidationRule } from './salesforce-dml';
import { normalizeSalesforceId } from './salesforce-ids';
import type { SalesforceFieldDefinition, SalesforceFieldInput } from './salesforce-schema';
import type { FieldAccess, SalesforceRecord, SalesforceStore } from './salesforce-store';
import { coerceValue } from './salesforce-values';

/** A record as tests read it back: datetimes as ISO text, everything else as stored. */
export type FakeSalesforceRecord = Record<string, unknown> & { Id: string };

/**
 * What a test does to the org outside the API, as an administrator or a user in the Salesforce
 * UI would: load and edit records, change fields and their security, add rules that make API
 * writes fail. None of it counts as an API call.
 */
export class FakeSalesforceAdmin {
  constructor(
    protected readonly store: SalesforceStore,
    protected readonly dml: SalesforceDml,
  ) {}

  private readable(objectName: string, record: SalesforceRecord): FakeSalesforceRecord {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) {
      const field = this.store.field(objectName, key);
      out[key] =
        field?.type === 'datetime' && typeof value === 'number' ? new Date(value).toISOString() : value;
    }
    return out as FakeSalesforceRecord;
  }

  /**
   * Loads records fast (200,000 in a few seconds), without API rules. Give `SystemModstamp`
   * (ISO text or epoch ms) to backdate rows; ids are made unless given.
   */
  seed(objectName: string, rows: Array<Record<string, unknown>>): string[] {
    return this.store.seed(objectName, rows);
  }

  /** Live records (or deleted ones too), in SystemModstamp order. */
  records(objectName: string, options: { includeDeleted?: boolean } = {}): FakeSalesforceRecord[] {
    return this.store
      .ordered(objectName)
      .filter((r) => options.includeDeleted || !r.IsDeleted)
      .map((r) => this.readable(objectName, r));
  }

  record(objectName: string, id: string): FakeSalesforceRecord | undefined {
    const record = this.store.get(objectName, id);
    return record ? this.readable(objectName, record) : undefined;
  }

  /** Records whose field equals the value (text compared without case), live ones only. */
  find(objectName: string, fieldName: string, value: unknown): FakeSalesforceRecord[] {
    const field = this.requireField(objectName, fieldName);
    return this.store
      .lookup(objectName, field.name, coerceValue(field, value))
      .filter((r) => !r.IsDeleted)
      .map((r) => this.readable(objectName, r));
  }

  count(objectName: string): number {
    return this.records(objectName).length;
  }

  /** A change made in Salesforce itself: values set, LastModifiedDate and SystemModstamp bumped. */
  edit(objectName: string, id: string, changes: Record<string, unknown>): void {
    const current = this.store.get(objectName, id);
    if (!current) throw new Error(`No ${objectName} ${id}`);
    const values: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(changes)) {
      const field = this.requireField(objectName, key);
      values[field.name] = coerceValue(field, value);
    }
    const now = this.store.stamp();
    this.store.put(objectName, { ...current, ...values, LastModifiedDate: now, SystemModstamp: now });
  }

  /** A deletion made in Salesforce (the record goes to the recycle bin: queryAll still sees it). */
  remove(objectName: string, id: string): void {
    const current = this.store.get(objectName, id);
    if (!current) throw new Error(`No ${objectName} ${id}`);
    const now = this.store.stamp();
    this.store.put(objectName, { ...current, IsDeleted: true, LastModifiedDate: now, SystemModstamp: now });
  }

  addField(objectName: string, input: SalesforceFieldInput): SalesforceFieldDefinition {
    return this.store.addField(objectName, input);
  }

  /**
   * Field-level security of the integration user's profile: unreadable fields vanish from
   * describe and queries; read-only ones reject writes with INVALID_FIELD_FOR_INSERT_UPDATE.
   */
  setFieldAccess(objectName: string, fieldName: string, access: Partial<FieldAccess>): void {
    this.store.setAccess(objectName, fieldName, access);
  }

  /** A validation rule: writes whose resulting record it rejects fail with FIELD_CUSTOM_VALIDATION_EXCEPTION. */
  addValidationRule(rule: SalesforceValidationRule): void {
    this.dml.validationRules.push({ ...rule, object: this.store.object(rule.object).name });
  }

  /** A duplicate rule: a write matching a live record on all these fields fails with DUPLICATES_DETECTED. */
  setDuplicateRule(objectName: string, fieldNames: string[]): void {
    const fields = fieldNames.map((name) => this.requireField(objectName, name).name);
    this.dml.duplicateRules.set(this.store.object(objectName).name.toLowerCase(), fields);
  }

  /** Removes every validation and duplicate rule. */
  clearRules(): void {
    this.dml.validationRules.length = 0;
    this.dml.duplicateRules.clear();
  }

  /** Records another process holds: updates and deletes fail with UNABLE_TO_LOCK_ROW until unlocked. */
  lockRecords(ids: string[]): void {
    for (const id of ids) this.dml.lockedIds.add(normalizeSalesforceId(id) ?? id);
  }

  /** The profile's Delete permission on an object: without it deletes fail with INSUFFICIENT_ACCESS_OR_READONLY. */
  setDeletable(objectName: string, deletable: boolean): void {
    const name = this.store.object(objectName).name.toLowerCase();
    if (deletable) this.dml.undeletable.delete(name);
    else this.dml.undeletable.add(name);
  }

  unlockRecords(ids?: string[]): void {
    if (!ids) this.dml.lockedIds.clear();
    for (const id of ids ?? []) this.dml.lockedIds.delete(normalizeSalesforceId(id) ?? id);
  }

  private requireField(objectName: string, fieldName: string): SalesforceFieldDefinition {
    const field = this.store.field(objectName, fieldName);
    if (!field) throw new Error(`No field ${fieldName} on ${objectName}`);
    return field;
  }
}
