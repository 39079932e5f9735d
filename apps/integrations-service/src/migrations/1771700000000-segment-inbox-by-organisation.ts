import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Segment inbox by organisation: the relay takes each slice in turns across the organisations
 * with calls waiting, so one organisation's flood no longer queues every other organisation's
 * calls behind it. The index finds the waiting organisations (one look-up each) and each one's
 * oldest calls.
 */
export class SegmentInboxByOrganisation1771700000000 implements MigrationInterface {
  name = 'SegmentInboxByOrganisation1771700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX IF NOT EXISTS segment_inbox_organisation ON integrations.segment_inbox (organisation_id, id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS integrations.segment_inbox_organisation`);
  }
}
