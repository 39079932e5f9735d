import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deletions both ways:
 * - salesforce_delete_queue: Salesforce records to delete because their person was deleted in the
 *   product (salesforce_record_delete on for the object); a run deletes them through the API
 *   budget, so work that gets no calls waits here instead of failing;
 * - salesforce_cursors.deleted_modstamp / deleted_id: how far the run has read records deleted in
 *   Salesforce (queryAll, IsDeleted = true), which are then unlinked from their person.
 */
export class SalesforceDeletes1771500000000 implements MigrationInterface {
  name = 'SalesforceDeletes1771500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE integrations.salesforce_delete_queue (
        organisation_id uuid NOT NULL,
        connection_id uuid NOT NULL REFERENCES integrations.salesforce_connections (id) ON DELETE CASCADE,
        object text NOT NULL CHECK (object IN ('lead', 'contact')),
        sf_id text NOT NULL,
        email text,
        person_id text,
        name text,
        enqueued_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        not_before timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (connection_id, sf_id)
      )`);
    await db.query(`
      CREATE INDEX salesforce_delete_queue_ready
        ON integrations.salesforce_delete_queue (connection_id, not_before)`);
    await db.query(`
      ALTER TABLE integrations.salesforce_cursors
        ADD COLUMN deleted_modstamp timestamptz,
        ADD COLUMN deleted_id text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE integrations.salesforce_cursors
      DROP COLUMN IF EXISTS deleted_id, DROP COLUMN IF EXISTS deleted_modstamp`);
    await db.query(`DROP TABLE IF EXISTS integrations.salesforce_delete_queue`);
  }
}
