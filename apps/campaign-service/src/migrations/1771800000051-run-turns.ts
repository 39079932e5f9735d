import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each organisation's runs last began a batch job's turn: a lane whose organisation had its
 * turn more recently than another organisation with a lane waiting steps back behind it, so the
 * job slots go round the organisations, not round the runs.
 */
export class RunTurns1771800000051 implements MigrationInterface {
  name = 'RunTurns1771800000051';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE campaign.organisation_run_turns (
         organisation_id uuid PRIMARY KEY,
         turn_at timestamptz NOT NULL
       )`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE campaign.organisation_run_turns`);
  }
}
