import { createTestDatabase, type TestDatabase } from '@meridian/testing';
import { Client } from 'pg';
import { outboxTablesDdl, outboxTablesDropDdl } from './outbox-ddl';
import { createServiceEventTables } from './testing/service-tables';

/**
 * What each service's events migration (1767312000000-events.ts) ran when it landed,
 * verbatim but for the schema name. The helper must create exactly this schema.
 */
const LANDED_MIGRATION_SQL = (schema: string) => [
  `CREATE TABLE ${schema}.outbox (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        name text NOT NULL,
        key text NOT NULL,
        payload jsonb NOT NULL,
        correlation_id text,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`,
  `CREATE INDEX outbox_unpublished_idx ON ${schema}.outbox (seq) WHERE published_at IS NULL`,
  `CREATE INDEX outbox_published_at_idx ON ${schema}.outbox (published_at) WHERE published_at IS NOT NULL`,
  `CREATE TABLE ${schema}.processed_events (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )`,
];

/** Columns, constraints and indexes of the event tables in `schema`, with the schema name taken out. */
async function eventTablesOf(client: Client, schema: string) {
  const tables = ['outbox', 'processed_events'];
  const columns = await client.query(
    `SELECT table_name, column_name, ordinal_position, data_type, is_nullable, column_default,
            is_identity, identity_generation
       FROM information_schema.columns WHERE table_schema = $1 AND table_name = ANY($2)
      ORDER BY table_name, ordinal_position`,
    [schema, tables],
  );
  const constraints = await client.query(
    `SELECT c.relname AS table_name, k.conname, k.contype, pg_get_constraintdef(k.oid) AS definition
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relname = ANY($2) ORDER BY 1, 2`,
    [schema, tables],
  );
  const indexes = await client.query(
    `SELECT tablename, indexname, replace(indexdef, $1, 'S.') AS indexdef
       FROM pg_indexes WHERE schemaname = $2 AND tablename = ANY($3) ORDER BY 1, 2`,
    [`${schema}.`, schema, tables],
  );
  return { columns: columns.rows, constraints: constraints.rows, indexes: indexes.rows };
}

describe('outbox tables DDL', () => {
  let db: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    db = await createTestDatabase('meridian_test', { empty: true });
    client = new Client({ connectionString: db.url });
    await client.connect();
    for (const schema of ['landed', 'helper']) await client.query(`CREATE SCHEMA ${schema}`);
    for (const sql of LANDED_MIGRATION_SQL('landed')) await client.query(sql);
    for (const sql of outboxTablesDdl('helper')) await client.query(sql);
  });

  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it('creates exactly what the landed migrations created, every index included', async () => {
    const landed = await eventTablesOf(client, 'landed');
    expect(landed.indexes.map((i) => i.indexname)).toEqual([
      'outbox_pkey',
      'outbox_published_at_idx',
      'outbox_unpublished_idx',
      'processed_events_pkey',
    ]);
    expect(await eventTablesOf(client, 'helper')).toEqual(landed);
  });

  it('gives the library tests the same tables (their copy had lost the published_at index)', async () => {
    await createServiceEventTables(db.url, 'libtest');
    expect(await eventTablesOf(client, 'libtest')).toEqual(await eventTablesOf(client, 'landed'));
  });

  it('drops what it created', async () => {
    for (const sql of outboxTablesDropDdl('helper')) await client.query(sql);
    const left = await client.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'helper'`,
    );
    expect(left.rows).toEqual([]);
  });

  it('refuses a schema name that is not a plain identifier', () => {
    expect(() => outboxTablesDdl('auth; DROP TABLE x')).toThrow(/Not a valid schema name/);
  });
});
