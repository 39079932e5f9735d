import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per organisation the demo data set was generated for. The seed claims the row in the
 * transaction that writes the data, so a second start or a redelivered event finds it and leaves
 * whatever the user has changed since.
 */
export class DemoSeed1770750000000 implements MigrationInterface {
  name = 'DemoSeed1770750000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE campaign.demo_seeds (
        organisation_id uuid PRIMARY KEY,
        seeded_at timestamptz NOT NULL DEFAULT now(),
        duration_ms integer
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE campaign.demo_seeds`);
  }
}
