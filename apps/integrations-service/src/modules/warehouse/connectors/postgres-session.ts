import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { type WarehouseDialect, type WarehouseSession, quoteIdentifier } from './warehouse-session';
import { WarehouseError } from './warehouse.errors';

/**
 * A session on Postgres or Redshift (the Postgres protocol) over one pg client. Queries run one at
 * a time on it; `stream` reads through a server-side cursor inside a read-only transaction, which
 * both engines support (DECLARE ... CURSOR FOR / FETCH FORWARD n).
 */
export class PostgresSession implements WarehouseSession {
  private closed = false;

  constructor(
    readonly dialect: Extract<WarehouseDialect, 'postgres' | 'redshift'>,
    readonly schema: string | null,
    private readonly client: pg.Client,
  ) {}

  async query<T = Record<string, unknown>>(sql: string, params: unknown[]): Promise<T[]> {
    try {
      const result = await this.client.query(sql, params);
      return result.rows as T[];
    } catch (error) {
      throw queryError(error);
    }
  }

  async *stream<T = Record<string, unknown>>(
    sql: string,
    params: unknown[],
    batchRows: number,
  ): AsyncIterable<T[]> {
    const rows = Math.max(1, Math.floor(batchRows));
    const cursor = quoteIdentifier(`meridian_${randomBytes(6).toString('hex')}`);
    await this.query(this.dialect === 'redshift' ? 'BEGIN READ ONLY' : 'BEGIN TRANSACTION READ ONLY', []);
    let done = false;
    try {
      await this.query(`DECLARE ${cursor} CURSOR FOR ${sql}`, params);
      for (;;) {
        const batch = await this.query<T>(`FETCH FORWARD ${rows} FROM ${cursor}`, []);
        if (batch.length > 0) yield batch;
        if (batch.length < rows) break;
      }
      await this.query(`CLOSE ${cursor}`, []);
      await this.query('COMMIT', []);
      done = true;
    } finally {
      // An early stop (break) or a failure ends the transaction, which drops the cursor with it.
      if (!done && !this.closed) await this.client.query('ROLLBACK').catch(() => undefined);
    }
  }

  quoteIdent(name: string): string {
    return quoteIdentifier(name);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.end().catch(() => undefined);
  }
}

/** A query the warehouse refused: a 400 naming the warehouse's reason (its message names no secret). */
export function queryError(error: unknown): Error {
  const { code, message } = error as { code?: string; message?: string };
  if (code && /^[0-9A-Z]{5}$/.test(code)) {
    return new WarehouseError('WarehouseQueryFailedException', `The warehouse refused the query: ${message}`);
  }
  if (error instanceof Error && /terminated|ECONNRESET|EPIPE|not queryable/i.test(error.message)) {
    return new WarehouseError(
      'WarehouseQueryFailedException',
      `The warehouse connection was lost: ${error.message}`,
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}
