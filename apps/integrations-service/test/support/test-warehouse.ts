import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@meridian/testing';
import { Client } from 'pg';

/**
 * A customer's warehouse stand-in: a database of its own in the test Postgres, a login role that
 * may read the `analytics` schema only, and a few typed tables. Roles are cluster-wide, so each
 * warehouse has its own and drops it.
 */
export interface TestWarehouse {
  db: TestDatabase;
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  /** The body of a warehouse connection create request that reaches this warehouse. */
  connection(label: string, typ?: string): Record<string, string | number>;
  /** Runs SQL as the owner (to change the data or the grants). */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

export async function createTestWarehouse(): Promise<TestWarehouse> {
  const db = await createTestDatabase('warehouse', { empty: true });
  const url = new URL(db.url);
  const user = `wh_reader_${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const owner = new Client({ connectionString: db.url });
  await owner.connect();
  await owner.query(`
    CREATE ROLE ${user} LOGIN PASSWORD '${password}';
    REVOKE ALL ON SCHEMA public FROM PUBLIC;
    CREATE SCHEMA analytics;
    CREATE SCHEMA finance;
    GRANT USAGE ON SCHEMA analytics TO ${user};
    CREATE TABLE analytics.customers (
      id bigint PRIMARY KEY,
      email text NOT NULL,
      first_name varchar(100),
      is_paying boolean,
      seats integer,
      revenue numeric(12, 2),
      score double precision,
      signed_up_at timestamptz,
      plan_code numeric(4, 0)
    );
    CREATE VIEW analytics.paying_customers AS SELECT id, email FROM analytics.customers WHERE is_paying;
    CREATE TABLE finance.invoices (id bigint PRIMARY KEY);
    GRANT SELECT ON ALL TABLES IN SCHEMA analytics TO ${user};
    INSERT INTO analytics.customers (id, email, first_name, is_paying, seats, revenue, score, signed_up_at, plan_code)
    SELECT n, 'person' || n || '@example.com', 'Name ' || n, n % 2 = 0, n, n * 1.5, n / 3.0,
           timestamptz '2026-01-01' + n * interval '1 hour', n % 10
      FROM generate_series(1, 250) AS n;
  `);
  return {
    db,
    host: url.hostname,
    port: Number(url.port),
    database: db.name,
    user,
    password,
    connection: (label, typ = 'postgres') => ({
      typ,
      label,
      host_name: url.hostname,
      port: Number(url.port),
      database_name: db.name,
      user_name: user,
      password,
    }),
    async sql<T>(text: string, params: unknown[] = []) {
      return (await owner.query(text, params)).rows as T[];
    },
    async drop() {
      await owner.end();
      await db.drop();
      const admin = new Client({ connectionString: db.url.replace(/\/[^/]*$/, '/postgres') });
      await admin.connect();
      try {
        await admin.query(`DROP ROLE IF EXISTS ${user}`);
      } finally {
        await admin.end();
      }
    },
  };
}
