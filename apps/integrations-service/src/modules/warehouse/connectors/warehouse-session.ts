import type { WarehouseType } from '@meridian/contracts';

export type WarehouseDialect = WarehouseType;

/**
 * An open, authenticated connection to one customer warehouse. Everything that reads a warehouse
 * (source lists, syncs) goes through it; SQL is written per `dialect` (Postgres and Redshift take
 * `$1` placeholders, Snowflake `?`). Values arrive as the driver reads them: 64-bit integers and
 * decimals as strings, timestamps as Date, JSON parsed.
 */
export interface WarehouseSession {
  readonly dialect: WarehouseDialect;
  /** The schema chosen with schema.set; null until then. */
  readonly schema: string | null;
  query<T = Record<string, unknown>>(sql: string, params: unknown[]): Promise<T[]>;
  /**
   * Reads a large result in batches of at most `batchRows` rows without holding it in memory
   * (a server-side cursor). Stopping early (break) closes the cursor.
   */
  stream<T = Record<string, unknown>>(sql: string, params: unknown[], batchRows: number): AsyncIterable<T[]>;
  /** Quotes an identifier for this dialect (case kept). */
  quoteIdent(name: string): string;
  close(): Promise<void>;
}

/** What a connector needs to reach a warehouse: the stored connection with its secret decrypted. */
export interface WarehouseTarget {
  typ: WarehouseType;
  host_name: string;
  port: number | null;
  database_name: string;
  user_name: string;
  password: string;
  schema_name: string | null;
  warehouse: string | null;
  role: string | null;
}

/** How long the steps of opening a session, and each query, may take. */
export interface WarehouseTimeouts {
  connectMs: number;
  queryMs: number;
}

/** Double-quoted identifier, as Postgres, Redshift and Snowflake all read it. */
export function quoteIdentifier(name: string): string {
  if (name.includes('\0')) throw new Error('An identifier cannot contain a NUL character');
  return `"${name.replace(/"/g, '""')}"`;
}

/** One kind of warehouse: opens sessions and runs the connection test (every step, then permissions). */
export interface WarehouseConnector {
  open(target: WarehouseTarget): Promise<WarehouseSession>;
  test(target: WarehouseTarget): Promise<void>;
}
