import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The campaign list's 'Sent' is what was processed less what was not sent (unsubscribed,
 * suppressed, no address, failed to render), as in the Reports tab: the list now keeps the
 * not-sent count beside the processed one, counted from the messages so far.
 */
export class NotSentCount1771640000000 implements MigrationInterface {
  name = 'NotSentCount1771640000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE campaign.campaigns ADD COLUMN count_not_sent integer NOT NULL DEFAULT 0`);
    await db.query(`UPDATE campaign.campaigns c SET count_not_sent = m.not_sent
      FROM (SELECT organisation_id, campaign_id, count(*)::int AS not_sent FROM campaign.email_messages
            WHERE status = 'not_sent' GROUP BY organisation_id, campaign_id) m
      WHERE c.organisation_id = m.organisation_id AND c.id = m.campaign_id`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE campaign.campaigns DROP COLUMN count_not_sent`);
  }
}
