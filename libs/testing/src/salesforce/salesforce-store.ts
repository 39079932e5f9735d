import { IdSequence, normalizeSalesforceId } from './salesforce-ids';
import {
  defineField,
  standardObjects,
  type SalesforceFieldDefinition,
  type SalesforceFieldInput,
  type SalesforceObjectDefinition,
} from './salesforce-schema';
import { coerceValue, SalesforceError } from './salesforce-values';

/** A stored record: canonical field names, datetimes as epoch milliseconds. Never mutated in place. */
export type SalesforceRecord = Readonly<Record<string, unknown>>;

export interface FieldAccess {
  readable: boolean;
  editable: boolean;
}

interface ObjectState {
  definition: SalesforceObjectDefinition;
  byName: Map<string, SalesforceFieldDefinition>;
  rows: Map<string, SalesforceRecord>;
  /** Rows by (SystemModstamp, Id); rebuilt lazily after writes. */
  ordered: SalesforceRecord[] | null;
  /** Value (lower-cased) -> ids, per field, built on first lookup and kept up to date. */
  indexes: Map<string, Map<string, Set<string>>>;
  access: Map<string, FieldAccess>;
}

const indexKey = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : String(value));

/**
 * The fake org's data. Writes replace whole record objects, so a query cursor holding earlier
 * records keeps the snapshot it was opened on, as a Salesforce query locator does.
 */
export class SalesforceStore {
  readonly ids = new IdSequence();
  private readonly objects = new Map<string, ObjectState>();
  private lastStamp = 0;
  private journal: Array<[ObjectState, string, SalesforceRecord | undefined]> | null = null;

  constructor(
    readonly userId: string,
    private readonly clock: () => number = Date.now,
  ) {
    for (const definition of standardObjects()) this.addObject(definition);
  }

  addObject(definition: SalesforceObjectDefinition): void {
    const byName = new Map(definition.fields.map((f) => [f.name.toLowerCase(), f]));
    this.objects.set(definition.name.toLowerCase(), {
      definition,
      byName,
      rows: new Map(),
      ordered: null,
      indexes: new Map(),
      access: new Map(),
    });
  }

  private state(objectName: string): ObjectState {
    const state = this.objects.get(objectName.toLowerCase());
    if (!state) throw new SalesforceError('INVALID_TYPE', `sObject type '${objectName}' is not supported.`);
    return state;
  }

  /** The object's definition; INVALID_TYPE for an unknown object. */
  object(objectName: string): SalesforceObjectDefinition {
    return this.state(objectName).definition;
  }

  objectNames(): string[] {
    return [...this.objects.values()].map((s) => s.definition.name);
  }

  addField(objectName: string, input: SalesforceFieldInput): SalesforceFieldDefinition {
    const state = this.state(objectName);
    const field = defineField(input);
    state.definition.fields.push(field);
    state.byName.set(field.name.toLowerCase(), field);
    return field;
  }

  /** Any field, visible to the integration user or not (for the fake's own bookkeeping). */
  field(objectName: string, fieldName: string): SalesforceFieldDefinition | undefined {
    return this.state(objectName).byName.get(fieldName.toLowerCase());
  }

  setAccess(objectName: string, fieldName: string, access: Partial<FieldAccess>): void {
    const state = this.state(objectName);
    const field = this.field(objectName, fieldName);
    if (!field) throw new Error(`No field ${fieldName} on ${objectName}`);
    const current = state.access.get(field.name) ?? { readable: true, editable: true };
    state.access.set(field.name, { ...current, ...access });
  }

  access(objectName: string, fieldName: string): FieldAccess {
    return this.state(objectName).access.get(fieldName) ?? { readable: true, editable: true };
  }

  /** The field as the integration user sees it; undefined when missing or not readable. */
  visibleField(objectName: string, fieldName: string): SalesforceFieldDefinition | undefined {
    const field = this.field(objectName, fieldName);
    return field && this.access(objectName, field.name).readable ? field : undefined;
  }

  visibleFields(objectName: string): SalesforceFieldDefinition[] {
    return this.object(objectName).fields.filter((f) => this.access(objectName, f.name).readable);
  }

  /** Now, never before the previous stamp (SystemModstamp cursors depend on it). */
  stamp(): number {
    this.lastStamp = Math.max(this.lastStamp, this.clock());
    return this.lastStamp;
  }

  get(objectName: string, id: string): SalesforceRecord | undefined {
    const normalized = normalizeSalesforceId(id);
    return normalized ? this.state(objectName).rows.get(normalized) : undefined;
  }

  rows(objectName: string): IterableIterator<SalesforceRecord> {
    return this.state(objectName).rows.values();
  }

  count(objectName: string): number {
    return this.state(objectName).rows.size;
  }

  put(objectName: string, record: SalesforceRecord): void {
    const state = this.state(objectName);
    const id = record.Id as string;
    const previous = state.rows.get(id);
    this.journal?.push([state, id, previous]);
    state.rows.set(id, record);
    state.ordered = null;
    for (const [field, index] of state.indexes) this.reindex(index, id, previous?.[field], record[field]);
  }

  private reindex(index: Map<string, Set<string>>, id: string, before: unknown, after: unknown): void {
    if (before !== undefined && before !== null) index.get(indexKey(before))?.delete(id);
    if (after === undefined || after === null) return;
    const key = indexKey(after);
    const ids = index.get(key) ?? new Set<string>();
    ids.add(id);
    index.set(key, ids);
  }

  /** Rows whose field equals the value (strings compared without case), deleted ones included. */
  lookup(objectName: string, fieldName: string, value: unknown): SalesforceRecord[] {
    const state = this.state(objectName);
    let index = state.indexes.get(fieldName);
    if (!index) {
      index = new Map();
      for (const [id, row] of state.rows) this.reindex(index, id, undefined, row[fieldName]);
      state.indexes.set(fieldName, index);
    }
    return [...(index.get(indexKey(value)) ?? [])].map((id) => state.rows.get(id)!);
  }

  /** All rows ordered by SystemModstamp then Id, the order incremental reads page in. */
  ordered(objectName: string): SalesforceRecord[] {
    const state = this.state(objectName);
    if (!state.ordered) {
      // Ordinal Id comparison, as SOQL compares ids.
      state.ordered = [...state.rows.values()].sort(
        (a, b) =>
          (a.SystemModstamp as number) - (b.SystemModstamp as number) ||
          ((a.Id as string) < (b.Id as string) ? -1 : (a.Id as string) > (b.Id as string) ? 1 : 0),
      );
    }
    return state.ordered;
  }

  /** Runs `work`; when it returns false every write it made is undone (allOrNone). */
  transaction<T>(work: () => { commit: boolean; value: T }): T {
    const outer = this.journal;
    this.journal = [];
    const journal = this.journal;
    try {
      const { commit, value } = work();
      if (!commit) {
        for (const [state, id, previous] of journal.reverse()) {
          const current = state.rows.get(id);
          if (previous) state.rows.set(id, previous);
          else state.rows.delete(id);
          state.ordered = null;
          for (const [field, index] of state.indexes)
            this.reindex(index, id, current?.[field], previous?.[field]);
        }
      } else if (outer) outer.push(...journal);
      return value;
    } finally {
      this.journal = outer;
    }
  }

  /**
   * Records as an administrator would load them, without API rules: values are checked for type,
   * system fields filled in. `SystemModstamp` (ISO text or epoch ms) may be given to backdate.
   */
  seed(objectName: string, rows: Array<Record<string, unknown>>): string[] {
    const state = this.state(objectName);
    const prefix = state.definition.keyPrefix;
    const defaults = state.definition.fields.filter((f) => f.defaultValue !== undefined);
    const ids: string[] = [];
    for (const row of rows) {
      const now = this.stamp();
      const record: Record<string, unknown> = {};
      for (const field of defaults) record[field.name] = field.defaultValue;
      for (const [key, value] of Object.entries(row)) {
        const field = state.byName.get(key.toLowerCase());
        if (!field) throw new Error(`No field ${key} on ${state.definition.name}`);
        record[field.name] =
          field.type === 'datetime' && typeof value === 'number' ? value : coerceValue(field, value);
      }
      const stamp = (record.SystemModstamp as number | undefined) ?? now;
      const id = (record.Id as string | undefined) ?? this.ids.next(prefix);
      Object.assign(record, {
        Id: id,
        IsDeleted: record.IsDeleted ?? false,
        OwnerId: record.OwnerId ?? this.userId,
        CreatedById: this.userId,
        LastModifiedById: this.userId,
        CreatedDate: record.CreatedDate ?? stamp,
        LastModifiedDate: record.LastModifiedDate ?? stamp,
        SystemModstamp: stamp,
      });
      this.put(state.definition.name, record);
      ids.push(id);
    }
    return ids;
  }
}
