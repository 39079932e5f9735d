import type { WarehouseDialect } from '../connectors/warehouse-session';

/**
 * The SQL a sync reads a warehouse with, per dialect. Identifiers are quoted by the session;
 * values only travel as parameters (Postgres and Redshift `$n`, Snowflake `?`, repeated in order).
 */
export interface ReadPlan {
  dialect: WarehouseDialect;
  /** Schema-qualified, quoted table. */
  table: string;
  /** The source columns read, each once. */
  columns: string[];
  /** The column identifying a row (the primary key). */
  key: string;
  /** The column whose values only grow, or null (content hashes then). */
  cursor: string | null;
  /** Only rows whose cursor is NULL (a cursor table's rows the high-water mark cannot see). */
  nullCursorOnly?: boolean;
  quote(name: string): string;
}

export interface Statement {
  sql: string;
  params: unknown[];
}

/** Metadata columns the reads add beside the source columns. */
export const KEY = '__meridian_key';
export const HASH = '__meridian_hash';
export const CURSOR = '__meridian_cursor';

export class Params {
  readonly values: unknown[] = [];
  constructor(private readonly dialect: WarehouseDialect) {}
  bind(value: unknown): string {
    this.values.push(value);
    return this.dialect === 'snowflake' ? '?' : `$${this.values.length}`;
  }
}

/** Text of any value; Redshift's bare VARCHAR is 256 characters, so it gets its largest. */
export function asText(plan: ReadPlan, expression: string): string {
  const type =
    plan.dialect === 'redshift' ? 'VARCHAR(65535)' : plan.dialect === 'snowflake' ? 'VARCHAR' : 'text';
  return `CAST(${expression} AS ${type})`;
}

/**
 * The content hash of a row, computed by the warehouse: MD5 over the columns' text, NULL written
 * as a character no text has there (CHR(30)) and columns joined by another (CHR(31)), so
 * ('a', NULL) and (NULL, 'a') differ. Every dialect has MD5, CHR and ||.
 */
export function hashExpression(plan: ReadPlan): string {
  const parts = plan.columns.map((c) => `COALESCE(${asText(plan, plan.quote(c))}, CHR(30))`);
  return `MD5(${parts.join(' || CHR(31) || ')})`;
}

const selectColumns = (plan: ReadPlan) => plan.columns.map((c) => plan.quote(c)).join(', ');

/**
 * The rows a content-hash read sees, past `after` and up to `upTo` (both optional) in the key's
 * own order: a cursor table's rows without a cursor value, or every row with a key.
 */
export function hashedRowsWhere(
  plan: ReadPlan,
  p: Params,
  after: string | null,
  upTo: string | null = null,
): string {
  const key = plan.quote(plan.key);
  let where = after === null ? `${key} IS NOT NULL` : `${key} > ${p.bind(after)}`;
  if (upTo !== null) where += ` AND ${key} <= ${p.bind(upTo)}`;
  return plan.nullCursorOnly && plan.cursor ? `${plan.quote(plan.cursor)} IS NULL AND ${where}` : where;
}

/**
 * A page of keys and hashes past `after` (and up to `upTo`, a range's upper bound) in key order
 * (content-hash tables, and a cursor table's rows without a cursor value): only 48 bytes a row travel.
 */
export function keyHashPage(
  plan: ReadPlan,
  after: string | null,
  limit: number,
  upTo: string | null = null,
): Statement {
  const p = new Params(plan.dialect);
  const key = plan.quote(plan.key);
  const where = hashedRowsWhere(plan, p, after, upTo);
  return {
    sql: `SELECT ${asText(plan, key)} AS "${KEY}", ${hashExpression(plan)} AS "${HASH}"
      FROM ${plan.table} WHERE ${where} ORDER BY ${key} LIMIT ${Math.trunc(limit)}`,
    params: p.values,
  };
}

/** The rows of some keys (those whose hash changed), with their key and hash. */
export function rowsByKeys(plan: ReadPlan, keys: readonly string[]): Statement {
  const p = new Params(plan.dialect);
  const key = plan.quote(plan.key);
  // Postgres takes the keys as one array parameter; Redshift and Snowflake have no array parameters.
  const match =
    plan.dialect === 'postgres'
      ? `${key} = ANY(${p.bind(keys)})`
      : `${key} IN (${keys.map((k) => p.bind(k)).join(', ')})`;
  return {
    sql: `SELECT ${selectColumns(plan)}, ${asText(plan, key)} AS "${KEY}", ${hashExpression(plan)} AS "${HASH}"
      FROM ${plan.table} WHERE ${match}`,
    params: p.values,
  };
}

/**
 * A page of rows past the high-water mark (cursor tables), in (cursor, key) order. Rows whose
 * cursor is NULL have no place in that order: they are compared by content hash instead
 * (`keyHashPage` with `nullCursorOnly`). Written without row comparison, which Redshift lacks.
 */
export function cursorPage(
  plan: ReadPlan,
  after: { value: string; key: string } | null,
  limit: number,
): Statement {
  if (!plan.cursor) throw new Error('A cursor page needs a cursor column');
  const p = new Params(plan.dialect);
  const cursor = plan.quote(plan.cursor);
  const key = plan.quote(plan.key);
  const past =
    after === null
      ? ''
      : ` AND (${cursor} > ${p.bind(after.value)} OR (${cursor} = ${p.bind(after.value)} AND ${key} > ${p.bind(after.key)}))`;
  return {
    sql: `SELECT ${selectColumns(plan)}, ${asText(plan, cursor)} AS "${CURSOR}", ${asText(plan, key)} AS "${KEY}"
      FROM ${plan.table} WHERE ${cursor} IS NOT NULL AND ${key} IS NOT NULL${past}
      ORDER BY ${cursor}, ${key} LIMIT ${Math.trunc(limit)}`,
    params: p.values,
  };
}
