import { Client } from 'pg';
import { outboxTablesDdl } from '../outbox-ddl';
import { quoteSchema } from '../outbox-sql';

/**
 * A service's schema with its event tables (the DDL its migration runs) and two
 * stand-ins for a feature's tables: library tests cannot import an app.
 */
export function serviceEventTablesSql(schema: string): string[] {
  const s = quoteSchema(schema);
  return [
    `CREATE SCHEMA IF NOT EXISTS ${s}`,
    ...outboxTablesDdl(schema),
    // A stand-in for a feature's table: the business change an event describes.
    `CREATE TABLE ${s}.widgets (id uuid PRIMARY KEY, name text NOT NULL)`,
    `CREATE TABLE ${s}.effects (event_id uuid NOT NULL, note text NOT NULL)`,
  ];
}

export async function createServiceEventTables(url: string, schema: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    for (const sql of serviceEventTablesSql(schema)) await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs one query on its own connection (for assertions). */
export async function queryOnce<R extends Record<string, unknown>>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
