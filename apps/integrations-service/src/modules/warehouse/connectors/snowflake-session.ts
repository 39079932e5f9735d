import type { Connection, RowStatement } from 'snowflake-sdk';
import { type WarehouseSession, quoteIdentifier } from './warehouse-session';
import { WarehouseError, seconds } from './warehouse.errors';

type Bind = string | number | boolean | null;

/**
 * A session on Snowflake over one snowflake-sdk connection. Binds are positional (`?`); numbers
 * arrive as strings (as Postgres's bigint and numeric do), timestamps as Date. Each statement is
 * bounded by a client-side timer that cancels it.
 */
export class SnowflakeSession implements WarehouseSession {
  readonly dialect = 'snowflake' as const;
  private closed = false;

  constructor(
    readonly schema: string | null,
    private readonly connection: Connection,
    private readonly queryMs: number,
  ) {}

  query<T = Record<string, unknown>>(sql: string, params: unknown[]): Promise<T[]> {
    return new Promise<T[]>((resolve, reject) => {
      const pending: { timer?: NodeJS.Timeout } = {};
      const statement: RowStatement = this.connection.execute({
        sqlText: sql,
        binds: params.map(toBind),
        complete: (error, _statement, rows) => {
          clearTimeout(pending.timer);
          if (error) reject(queryError(error));
          else resolve((rows ?? []) as T[]);
        },
      });
      pending.timer = setTimeout(() => {
        statement.cancel(() => undefined);
        reject(timeoutError(this.queryMs));
      }, this.queryMs);
    });
  }

  async *stream<T = Record<string, unknown>>(
    sql: string,
    params: unknown[],
    batchRows: number,
  ): AsyncIterable<T[]> {
    const size = Math.max(1, Math.floor(batchRows));
    let failure: unknown = null;
    const statement = this.connection.execute({
      sqlText: sql,
      binds: params.map(toBind),
      streamResult: true,
      complete: (error) => {
        if (error) failure = error;
      },
    });
    const rows = statement.streamRows();
    let batch: T[] = [];
    let finished = false;
    try {
      for await (const row of rows as AsyncIterable<T>) {
        batch.push(row);
        if (batch.length >= size) {
          yield batch;
          batch = [];
        }
      }
      if (failure) throw queryError(failure);
      if (batch.length > 0) yield batch;
      finished = true;
    } catch (error) {
      throw error instanceof WarehouseError ? error : queryError(error);
    } finally {
      // A reader that stops early leaves the rest unread: cancel the statement.
      if (!finished) {
        rows.destroy();
        statement.cancel(() => undefined);
      }
    }
  }

  quoteIdent(name: string): string {
    return quoteIdentifier(name);
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    return new Promise((resolve) => this.connection.destroy(() => resolve()));
  }
}

function toBind(value: unknown): Bind {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

function queryError(error: unknown): WarehouseError {
  const message = error instanceof Error ? error.message : String(error);
  return new WarehouseError('WarehouseQueryFailedException', `The warehouse refused the query: ${message}`);
}

function timeoutError(ms: number): WarehouseError {
  return new WarehouseError(
    'WarehouseQueryFailedException',
    `The warehouse did not answer the query within ${seconds(ms)} seconds`,
  );
}
