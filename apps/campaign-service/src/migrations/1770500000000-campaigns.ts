import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Campaigns (spec 3). flow, dynamic list, schedule, rule and draft are jsonb for the editor's
 * slices to fill; the delivery counts start at zero and are kept by the engine, so the list reads
 * them without a join over run history.
 */
export class Campaigns1770500000000 implements MigrationInterface {
  name = 'Campaigns1770500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE campaign.campaigns (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        name text NOT NULL,
        campaign_context text NOT NULL CHECK (campaign_context IN ('person', 'org')),
        draft boolean NOT NULL DEFAULT false,
        active boolean NOT NULL DEFAULT true,
        version integer NOT NULL DEFAULT 1,
        flow jsonb,
        dynamic_list jsonb,
        schedule jsonb,
        rule jsonb,
        draft_data jsonb,
        count_processed integer NOT NULL DEFAULT 0,
        count_delivered integer NOT NULL DEFAULT 0,
        count_bounced integer NOT NULL DEFAULT 0,
        count_dropped integer NOT NULL DEFAULT 0,
        open_count integer NOT NULL DEFAULT 0,
        total_count integer NOT NULL DEFAULT 0,
        created_by_id uuid,
        created_by_name text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        activated_at timestamptz,
        deactivated_at timestamptz
      )`);
    // The list pages newest change first within an organisation.
    await db.query(
      `CREATE INDEX campaigns_org_updated_idx ON campaign.campaigns (organisation_id, updated_at DESC, id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE campaign.campaigns`);
  }
}
