import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The contactsSynced batches that landed. A batch is claimed in the transaction that writes its
 * contacts, so a batch published again (with a new event id) is not applied twice.
 */
export class InboundSync1771100000000 implements MigrationInterface {
  name = 'InboundSync1771100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE campaign.inbound_sync_batches (
        organisation_id uuid NOT NULL,
        batch_id text NOT NULL,
        time_applied timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organisation_id, batch_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE campaign.inbound_sync_batches`);
  }
}
