import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Warehouse syncs: one per connection, its tables with their column mapping (jsonb, locked once
 * saved but for new columns), the runs with their counts and checkpoint, the content hash of each
 * row synced without a cursor column, and the activity log of the connection.
 *
 * A table's cursor high-water mark (`cursor_value`, `cursor_key`) and the row hashes are written in
 * the transaction that publishes the batch, so a run stopped anywhere resumes without losing or
 * repeating rows.
 */
export class WarehouseSyncs1771100000000 implements MigrationInterface {
  name = 'WarehouseSyncs1771100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE integrations.warehouse_syncs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        connection_id uuid NOT NULL UNIQUE REFERENCES integrations.connections (id) ON DELETE CASCADE,
        sync_enabled boolean NOT NULL DEFAULT true,
        next_run_time timestamptz,
        created_by uuid,
        time_created timestamptz NOT NULL DEFAULT now(),
        time_updated timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX warehouse_syncs_due_idx ON integrations.warehouse_syncs (next_run_time) WHERE sync_enabled`,
    );
    await db.query(`
      CREATE TABLE integrations.warehouse_sync_tables (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        sync_id uuid NOT NULL REFERENCES integrations.warehouse_syncs (id) ON DELETE CASCADE,
        position integer NOT NULL,
        table_name text NOT NULL,
        destination_table_name text,
        cursor_column text,
        columns jsonb NOT NULL,
        cursor_value text,
        cursor_key text,
        time_created timestamptz NOT NULL DEFAULT now(),
        UNIQUE NULLS NOT DISTINCT (sync_id, table_name, destination_table_name)
      )`);
    await db.query(`
      CREATE TABLE integrations.warehouse_sync_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        sync_id uuid NOT NULL REFERENCES integrations.warehouse_syncs (id) ON DELETE CASCADE,
        connection_id uuid NOT NULL,
        state text NOT NULL CHECK (state IN ('running', 'finished', 'failed')),
        time_sync_started timestamptz NOT NULL DEFAULT now(),
        time_sync_finished timestamptz,
        error text,
        error_time timestamptz,
        progress jsonb NOT NULL DEFAULT '{}'::jsonb,
        records_read_count bigint NOT NULL DEFAULT 0,
        batches_published integer NOT NULL DEFAULT 0,
        batches_applied integer NOT NULL DEFAULT 0,
        records_inserted_count bigint NOT NULL DEFAULT 0,
        records_updated_count bigint NOT NULL DEFAULT 0,
        records_failed_count bigint NOT NULL DEFAULT 0
      )`);
    await db.query(
      `CREATE INDEX warehouse_sync_runs_connection_idx
         ON integrations.warehouse_sync_runs (organisation_id, connection_id, time_sync_started DESC)`,
    );
    await db.query(`
      CREATE TABLE integrations.warehouse_row_hashes (
        sync_table_id uuid NOT NULL REFERENCES integrations.warehouse_sync_tables (id) ON DELETE CASCADE,
        key text NOT NULL,
        hash uuid NOT NULL,
        PRIMARY KEY (sync_table_id, key)
      )`);
    await db.query(`
      CREATE TABLE integrations.activity_logs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        connection_id uuid NOT NULL REFERENCES integrations.connections (id) ON DELETE CASCADE,
        activity_type text NOT NULL
          CHECK (activity_type IN ('sync_created', 'sync_edited', 'sync_paused', 'sync_resumed')),
        account_id uuid,
        additional_info jsonb NOT NULL DEFAULT '{}'::jsonb,
        activity_time timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX activity_logs_connection_idx
         ON integrations.activity_logs (organisation_id, connection_id, activity_time DESC, id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE integrations.activity_logs`);
    await db.query(`DROP TABLE integrations.warehouse_row_hashes`);
    await db.query(`DROP TABLE integrations.warehouse_sync_runs`);
    await db.query(`DROP TABLE integrations.warehouse_sync_tables`);
    await db.query(`DROP TABLE integrations.warehouse_syncs`);
  }
}
