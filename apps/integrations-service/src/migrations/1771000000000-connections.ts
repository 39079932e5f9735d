import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Warehouse connections (later Salesforce too). `secret` is the AES-256-GCM ciphertext of the
 * credentials (with the id of the key that sealed it); it is never returned. `sync_interval` is an
 * index into the valid sync intervals.
 */
export class Connections1771000000000 implements MigrationInterface {
  name = 'Connections1771000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE integrations.connections (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        label text NOT NULL,
        typ text NOT NULL CHECK (typ IN ('redshift', 'postgres', 'snowflake', 'salesforce')),
        host_name text NOT NULL,
        port integer CHECK (port BETWEEN 1 AND 65535),
        database_name text NOT NULL,
        user_name text NOT NULL,
        secret bytea NOT NULL,
        schema_name text,
        options jsonb NOT NULL DEFAULT '{}'::jsonb,
        error text,
        error_time timestamptz,
        time_last_synced timestamptz,
        sync_interval integer CHECK (sync_interval >= 0),
        time_created timestamptz NOT NULL DEFAULT now(),
        time_updated timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX connections_organisation_idx ON integrations.connections (organisation_id, time_created DESC, id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE integrations.connections`);
  }
}
