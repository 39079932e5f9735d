import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Product activity from Segment: each event is stored once (by the sender's message id), persons
 * are found by email or product user id, and events of persons not known yet wait in a pending
 * table until their identify lands.
 */
export class ProductActivityIngest1771200000000 implements MigrationInterface {
  name = 'ProductActivityIngest1771200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE campaign.person_product_activity ADD COLUMN message_id text`);
    await db.query(
      `CREATE UNIQUE INDEX person_product_activity_message_key
         ON campaign.person_product_activity (organisation_id, message_id) WHERE message_id IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX persons_org_product_user_idx
         ON campaign.persons (organisation_id, product_user_id) WHERE product_user_id IS NOT NULL`,
    );
    await db.query(`
      CREATE TABLE campaign.product_activity_pending (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        organisation_id uuid NOT NULL,
        message_id text NOT NULL,
        email text,
        user_id text,
        org_id text,
        event_name text NOT NULL,
        event_date timestamptz NOT NULL,
        event_properties jsonb NOT NULL,
        time_created timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organisation_id, message_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE campaign.product_activity_pending`);
    await db.query(`DROP INDEX campaign.persons_org_product_user_idx`);
    await db.query(`DROP INDEX campaign.person_product_activity_message_key`);
    await db.query(`ALTER TABLE campaign.person_product_activity DROP COLUMN message_id`);
  }
}
