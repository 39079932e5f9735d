import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * run_persons.attempts: the calls a person's webhook step has made. A call runs outside the
 * batch's transaction: the person is parked (waiting, wake_at the call's lease) with the attempt
 * counted, and the outcome is recorded only if the row still holds that attempt; a retry is a
 * park until its backoff is over, as a delay is. Reset when the person moves to another step.
 */
export class EngineFixes1771300000000 implements MigrationInterface {
  name = 'EngineFixes1771300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE campaign.run_persons ADD COLUMN attempts integer NOT NULL DEFAULT 0`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE campaign.run_persons DROP COLUMN attempts`);
  }
}
