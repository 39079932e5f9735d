import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the Salesforce sync engine keeps besides the seam's tables:
 * - salesforce_records.sf_values: the mapped fields' values as Salesforce last had them (pulled or
 *   pushed), so a push of what Salesforce already holds is skipped and prefer_connection knows
 *   whether Salesforce's value is empty;
 * - salesforce_records.time_created: when the product first saw the record (new records in 24 h);
 * - salesforce_sync_runs.batches_published / batches_applied: a run's pulled batches and the
 *   campaign service's answers, so a run is settled only when every batch is answered.
 */
export class SalesforceSync1771300000200 implements MigrationInterface {
  name = 'SalesforceSync1771300000200';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE integrations.salesforce_records
        ADD COLUMN sf_values jsonb NOT NULL DEFAULT '{}'::jsonb,
        ADD COLUMN time_created timestamptz NOT NULL DEFAULT now()`);
    await db.query(`
      CREATE INDEX salesforce_records_created
        ON integrations.salesforce_records (connection_id, time_created DESC)`);
    await db.query(`
      ALTER TABLE integrations.salesforce_sync_runs
        ADD COLUMN batches_published integer NOT NULL DEFAULT 0,
        ADD COLUMN batches_applied integer NOT NULL DEFAULT 0`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE integrations.salesforce_sync_runs
      DROP COLUMN IF EXISTS batches_applied, DROP COLUMN IF EXISTS batches_published`);
    await db.query(`DROP INDEX IF EXISTS integrations.salesforce_records_created`);
    await db.query(`ALTER TABLE integrations.salesforce_records
      DROP COLUMN IF EXISTS time_created, DROP COLUMN IF EXISTS sf_values`);
  }
}
