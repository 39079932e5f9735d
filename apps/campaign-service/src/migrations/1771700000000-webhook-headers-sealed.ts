import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook headers sealed at rest: they often carry a third party's credentials (an Authorization
 * header, an API key). The service seals what is in the plain column when it starts (it holds the
 * key; SQL does not), then empties it; a row whose sealed column is null is read from the plain one.
 */
export class WebhookHeadersSealed1771700000000 implements MigrationInterface {
  name = 'WebhookHeadersSealed1771700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE campaign.webhooks ADD COLUMN headers_sealed bytea`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE campaign.webhooks DROP COLUMN headers_sealed`);
  }
}
