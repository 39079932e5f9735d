import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sending's own state beside the engine tables.
 * - email_messages.provider_message_id: the id the mail provider gave the message (SES), so its
 *   delivery, bounce and complaint notifications find it; sending_since: when a worker claimed it
 *   for the mail server, so a message left 'sending' by a dead worker is recognised as such.
 * - send_rate_buckets: one token bucket per organisation, shared by every worker process, so one
 *   tenant's big campaign cannot take the whole sending capacity.
 */
export class Delivery1770720000000 implements MigrationInterface {
  name = 'Delivery1770720000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE campaign.email_messages
      ADD COLUMN provider_message_id text, ADD COLUMN sending_since timestamptz`);
    await db.query(`CREATE INDEX email_messages_provider_idx ON campaign.email_messages (provider_message_id)
      WHERE provider_message_id IS NOT NULL`);
    await db.query(`
      CREATE TABLE campaign.send_rate_buckets (
        organisation_id uuid PRIMARY KEY,
        tokens double precision NOT NULL,
        refilled_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        granted integer NOT NULL DEFAULT 0
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE campaign.send_rate_buckets`);
    await db.query(`DROP INDEX campaign.email_messages_provider_idx`);
    await db.query(
      `ALTER TABLE campaign.email_messages DROP COLUMN provider_message_id, DROP COLUMN sending_since`,
    );
  }
}
