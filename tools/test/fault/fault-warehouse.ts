import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@meridian/testing';
import { Client } from 'pg';
import { PERSON_DOMAIN } from './fault-scenario';

/** Warehouse rows that are nobody yet: a domain the campaign's audience does not select. */
export const NEW_CONTACT_DOMAIN = 'sync.example';

/** One warehouse row as the sync maps it: id (key) and plan to custom fields, last_name to the default field. */
export interface WarehouseRow {
  id: number;
  email: string;
  last_name: string;
  plan: string;
}

export interface FaultWarehouse {
  db: TestDatabase;
  database: string;
  user: string;
  rows: number;
  /** The body of a warehouse connection create request that reaches it. */
  connection(label: string): Record<string, string | number>;
  read(): Promise<WarehouseRow[]>;
  drop(): Promise<void>;
}

/**
 * The customer's warehouse for a seed: a database of its own in the tier's Postgres, a login role
 * that may read its `analytics` schema only (as the integrations service's warehouse tests build
 * it), and `rows` customers: the odd ids are the campaign's persons (p<n>@fault.example, so the
 * sync updates persons the run is mailing), the even ids new contacts.
 */
export async function createFaultWarehouse(rows: number): Promise<FaultWarehouse> {
  const db = await createTestDatabase('fault_warehouse', { empty: true });
  const url = new URL(db.url);
  const user = `fault_wh_${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const owner = new Client({ connectionString: db.url });
  await owner.connect();
  await owner.query(`
    CREATE ROLE ${user} LOGIN PASSWORD '${password}';
    REVOKE ALL ON SCHEMA public FROM PUBLIC;
    CREATE SCHEMA analytics;
    GRANT USAGE ON SCHEMA analytics TO ${user};
    CREATE TABLE analytics.customers (
      id integer PRIMARY KEY,
      email text NOT NULL,
      last_name text NOT NULL,
      plan text NOT NULL
    );
    GRANT SELECT ON ALL TABLES IN SCHEMA analytics TO ${user};
  `);
  await owner.query(
    `INSERT INTO analytics.customers (id, email, last_name, plan)
     SELECT n, CASE WHEN n % 2 = 1 THEN 'p' || n || '@${PERSON_DOMAIN}' ELSE 'w' || n || '@${NEW_CONTACT_DOMAIN}' END,
            'Synced ' || n, (ARRAY['free', 'pro', 'team'])[n % 3 + 1]
       FROM generate_series(1, $1::int) AS n`,
    [rows],
  );
  return {
    db,
    database: db.name,
    user,
    rows,
    connection: (label) => ({
      typ: 'postgres',
      label,
      host_name: url.hostname,
      port: Number(url.port),
      database_name: db.name,
      user_name: user,
      password,
    }),
    async read() {
      return (
        await owner.query<WarehouseRow>(
          'SELECT id, email, last_name, plan FROM analytics.customers ORDER BY id',
        )
      ).rows;
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
