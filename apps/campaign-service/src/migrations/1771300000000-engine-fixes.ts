import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * run_persons.acted: the person passed a step that acts (a send, a webhook, a list or value
 * change, a sync). The 'once' rule counts an earlier entry unless it was cancelled before they
 * got anything: neither acted nor sent a message.
 *
 * run_persons.attempts: the calls a person's webhook step has made. A call runs outside the
 * batch's transaction: the person is parked (waiting, wake_at the call's lease) with the attempt
 * counted, and the outcome is recorded only if the row still holds that attempt; a retry is a
 * park until its backoff is over, as a delay is. Reset when the person moves to another step.
 */
export class EngineFixes1771300000000 implements MigrationInterface {
  name = 'EngineFixes1771300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE campaign.run_persons ADD COLUMN attempts integer NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE campaign.run_persons ADD COLUMN acted boolean NOT NULL DEFAULT false`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE campaign.run_persons DROP COLUMN acted`);
    await db.query(`ALTER TABLE campaign.run_persons DROP COLUMN attempts`);
  }
}
