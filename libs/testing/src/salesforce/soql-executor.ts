import { normalizeSalesforceId } from './salesforce-ids';
import type { SalesforceFieldDefinition } from './salesforce-schema';
import type { SalesforceRecord, SalesforceStore } from './salesforce-store';
import { SalesforceError } from './salesforce-values';
import type { SoqlCondition, SoqlLiteral, SoqlQuery } from './soql-parser';

export interface QueryResult {
  object: string;
  /** Canonical names of the selected fields; null for COUNT(). */
  fields: SalesforceFieldDefinition[] | null;
  records: SalesforceRecord[];
  totalSize: number;
}

const noSuchColumn = (name: string, object: string) =>
  new SalesforceError(
    'INVALID_FIELD',
    `No such column '${name}' on entity '${object}'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.`,
  );

type Compiled = (record: SalesforceRecord) => boolean;

const isCaseless = (field: SalesforceFieldDefinition) => !['id', 'reference'].includes(field.type);

/** A literal in the field's stored form, so comparisons are plain. */
function literalFor(field: SalesforceFieldDefinition, literal: SoqlLiteral): unknown {
  if (literal === null) return null;
  if (typeof literal === 'object') {
    if ('datetime' in literal)
      return field.type === 'datetime' ? literal.datetime : new Date(literal.datetime);
    return field.type === 'datetime' ? Date.parse(`${literal.date}T00:00:00Z`) : literal.date;
  }
  if (typeof literal === 'string') {
    if (!isCaseless(field)) return normalizeSalesforceId(literal) ?? literal;
    return literal.toLowerCase();
  }
  return literal;
}

function comparable(field: SalesforceFieldDefinition, value: unknown): unknown {
  return typeof value === 'string' && isCaseless(field) ? value.toLowerCase() : value;
}

function compare(a: unknown, b: unknown): number {
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

class Compiler {
  constructor(
    private readonly store: SalesforceStore,
    private readonly object: string,
  ) {}

  field(name: string): SalesforceFieldDefinition {
    const field = this.store.visibleField(this.object, name);
    if (!field) throw noSuchColumn(name, this.object);
    return field;
  }

  compile(condition: SoqlCondition): Compiled {
    switch (condition.kind) {
      case 'and': {
        const items = condition.items.map((c) => this.compile(c));
        return (r) => items.every((item) => item(r));
      }
      case 'or': {
        const items = condition.items.map((c) => this.compile(c));
        return (r) => items.some((item) => item(r));
      }
      case 'not': {
        const item = this.compile(condition.item);
        return (r) => !item(r);
      }
      case 'in': {
        const field = this.field(condition.field);
        const values = new Set(condition.values.map((v) => literalFor(field, v)));
        return (r) => values.has(comparable(field, r[field.name] ?? null)) !== condition.negate;
      }
      case 'like': {
        const field = this.field(condition.field);
        const source = condition.pattern
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace(/%/g, '.*')
          .replace(/_/g, '.');
        const pattern = new RegExp(`^${source}$`, 'is');
        return (r) => typeof r[field.name] === 'string' && pattern.test(r[field.name] as string);
      }
      case 'compare': {
        const field = this.field(condition.field);
        const value = literalFor(field, condition.value);
        const { op } = condition;
        return (r) => {
          const own = comparable(field, r[field.name] ?? null);
          if (op === '=') return own === value;
          if (op === '!=') return own !== value;
          if (own === null || value === null) return false;
          const c = compare(own, value);
          return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
        };
      }
    }
  }
}

/** The smallest SystemModstamp a match can have, when the condition implies one. */
function modstampFloor(condition: SoqlCondition | undefined): number | undefined {
  if (!condition) return undefined;
  switch (condition.kind) {
    case 'compare': {
      const v = condition.value;
      const isStamp = condition.field.toLowerCase() === 'systemmodstamp';
      return isStamp &&
        ['>', '>=', '='].includes(condition.op) &&
        v &&
        typeof v === 'object' &&
        'datetime' in v
        ? v.datetime
        : undefined;
    }
    case 'and': {
      const floors = condition.items.map(modstampFloor).filter((f): f is number => f !== undefined);
      return floors.length > 0 ? Math.max(...floors) : undefined;
    }
    case 'or': {
      const floors = condition.items.map(modstampFloor);
      return floors.every((f) => f !== undefined) ? Math.min(...(floors as number[])) : undefined;
    }
    case 'in':
    case 'like':
    case 'not':
      return undefined;
  }
}

function firstAtOrAfter(rows: SalesforceRecord[], floor: number): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((rows[mid]!.SystemModstamp as number) < floor) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Runs a parsed query. Reads in SystemModstamp order (the incremental sync's shape) walk the
 * ordered rows from the cursor on and stop at LIMIT, so paging through 200,000 rows stays cheap.
 */
export function executeSoql(store: SalesforceStore, query: SoqlQuery, includeDeleted: boolean): QueryResult {
  const definition = store.object(query.object);
  const compiler = new Compiler(store, definition.name);
  const fields = query.fields ? [...new Set(query.fields.map((f) => compiler.field(f)))] : null;
  const where = query.where ? compiler.compile(query.where) : () => true;
  const matches = (r: SalesforceRecord) => (includeDeleted || !r.IsDeleted) && where(r);
  const order = query.orderBy.map((o) => ({ ...o, field: compiler.field(o.field) }));
  const offset = query.offset ?? 0;
  const wanted = query.limit === undefined ? Infinity : offset + query.limit;

  const natural =
    order.every((o, i) => !o.descending && o.field.name === ['SystemModstamp', 'Id'][i]) && order.length <= 2;
  let records: SalesforceRecord[] = [];
  if (natural) {
    const rows = store.ordered(definition.name);
    const floor = modstampFloor(query.where);
    for (let i = floor === undefined ? 0 : firstAtOrAfter(rows, floor); i < rows.length; i += 1) {
      if (records.length >= wanted) break;
      if (matches(rows[i]!)) records.push(rows[i]!);
    }
  } else {
    records = [...store.rows(definition.name)].filter(matches);
    records.sort((a, b) => {
      for (const o of order) {
        const x = comparable(o.field, a[o.field.name] ?? null);
        const y = comparable(o.field, b[o.field.name] ?? null);
        if (x === y) continue;
        if (x === null || y === null) return (x === null) === o.nullsLast ? 1 : -1;
        return o.descending ? compare(y, x) : compare(x, y);
      }
      return 0;
    });
  }
  records = records.slice(offset, wanted);
  return { object: definition.name, fields, records, totalSize: records.length };
}
