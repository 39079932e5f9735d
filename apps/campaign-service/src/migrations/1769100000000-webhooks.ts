import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (spec 3 "Webhook"): an outbound HTTP call a campaign step makes. The id is 'webhook-'
 * plus 5 random characters, unique within its organisation. Headers are a json map; the
 * content-type header lives there, application/json by default.
 */
export class Webhooks1769100000000 implements MigrationInterface {
  name = 'Webhooks1769100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE campaign.webhooks (
        organisation_id uuid NOT NULL,
        webhook_id text NOT NULL,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        method text NOT NULL DEFAULT 'POST' CHECK (method IN ('POST', 'GET', 'DELETE', 'PUT', 'HEAD', 'PATCH')),
        url text NOT NULL DEFAULT '',
        payload text,
        headers jsonb NOT NULL DEFAULT '{"content-type": "application/json"}'::jsonb,
        timeout integer NOT NULL DEFAULT 10 CHECK (timeout BETWEEN 1 AND 30),
        created_by_id uuid,
        created_by_name text,
        updated_by_id uuid,
        updated_by_name text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organisation_id, webhook_id)
      )`);
    // The list pages newest change first within an organisation.
    await db.query(
      `CREATE INDEX webhooks_org_updated_idx ON campaign.webhooks (organisation_id, updated_at DESC, webhook_id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE campaign.webhooks`);
  }
}
