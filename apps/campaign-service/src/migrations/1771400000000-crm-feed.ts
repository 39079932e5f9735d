import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The CRM push feeds: per CRM connection, what the integrations service asked to be pushed
 * (crmPushConfigured) and how far the export of changed persons has got. The cursor is a keyset
 * position on persons (_updated_time, id); it starts when the feed is first enabled.
 *
 * persons_org_updated_idx serves the feed's page: an organisation's persons changed past a point,
 * in change order.
 */
export class CrmFeed1771400000000 implements MigrationInterface {
  name = 'CrmFeed1771400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE campaign.crm_push_feeds (
        connection_id text PRIMARY KEY,
        organisation_id uuid NOT NULL,
        enabled boolean NOT NULL,
        fields text[] NOT NULL DEFAULT '{}',
        inclusion_list jsonb,
        cursor_time timestamptz,
        cursor_id uuid,
        time_updated timestamptz NOT NULL
      )`);
    await db.query(
      `CREATE INDEX persons_org_updated_idx ON campaign.persons (organisation_id, _updated_time, id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX campaign.persons_org_updated_idx`);
    await db.query(`DROP TABLE campaign.crm_push_feeds`);
  }
}
