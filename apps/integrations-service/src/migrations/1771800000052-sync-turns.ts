import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each organisation's warehouse syncs last began a run's turn: a sync whose organisation had
 * its turn more recently than another organisation with a sync waiting steps back behind it, so
 * the job slots go round the organisations, not round the syncs.
 */
export class SyncTurns1771800000052 implements MigrationInterface {
  name = 'SyncTurns1771800000052';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE integrations.organisation_sync_turns (
         organisation_id uuid PRIMARY KEY,
         turn_at timestamptz NOT NULL
       )`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE integrations.organisation_sync_turns`);
  }
}
