import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tracking's state beside the engine's tables:
 * - email_messages.human_opened_at: the first open by a person (not a scanner). first_opened_at
 *   keeps the first open of any kind; the campaign list's open_count counts a message once, on
 *   its first human open, which only this column can tell.
 * - person_marketing_activity (message_id, occurred_at): the recent clicks of one message, read
 *   when a flush judges whether all of a message's links were clicked at once (a scanner).
 */
export class Tracking1770730000000 implements MigrationInterface {
  name = 'Tracking1770730000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE campaign.email_messages ADD COLUMN human_opened_at timestamptz`);
    await db.query(`CREATE INDEX person_marketing_activity_message_idx
      ON campaign.person_marketing_activity (message_id, occurred_at) WHERE message_id IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX campaign.person_marketing_activity_message_idx`);
    await db.query(`ALTER TABLE campaign.email_messages DROP COLUMN human_opened_at`);
  }
}
