import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The resume job asks every minute for imports still importing; imported rows stay for good, so
 * a partial index keeps that question to the few running ones.
 */
export class ImportResume1771600000000 implements MigrationInterface {
  name = 'ImportResume1771600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX contact_imports_importing_idx ON campaign.contact_imports (updated_at)
      WHERE status = 'importing'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX campaign.contact_imports_importing_idx`);
  }
}
