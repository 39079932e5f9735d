import { Client } from 'pg';
import { quoteSchema } from '../outbox-sql';

/**
 * Test-only copy of the event tables each service's migration creates
 * (apps/<svc>-service/src/migrations/*-events.ts): library tests cannot import
 * an app, and each app's own tests run its real migration.
 */
export function serviceEventTablesSql(schema: string): string[] {
  const s = quoteSchema(schema);
  return [
    `CREATE SCHEMA IF NOT EXISTS ${s}`,
    `CREATE TABLE ${s}.outbox (
       id uuid PRIMARY KEY,
       seq bigint GENERATED ALWAYS AS IDENTITY,
       name text NOT NULL,
       key text NOT NULL,
       payload jsonb NOT NULL,
       correlation_id text,
       occurred_at timestamptz NOT NULL DEFAULT now(),
       published_at timestamptz
     )`,
    `CREATE INDEX outbox_unpublished_idx ON ${s}.outbox (seq) WHERE published_at IS NULL`,
    `CREATE TABLE ${s}.processed_events (
       consumer text NOT NULL,
       event_id uuid NOT NULL,
       processed_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (consumer, event_id)
     )`,
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
