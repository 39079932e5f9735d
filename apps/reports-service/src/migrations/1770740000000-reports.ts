import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reports' own copy of what happened to campaign messages, built from email events alone.
 * `messages` holds one row per message (its outcome timestamps and engagement counts);
 * `message_links` and `message_clients` hold its clicks per url and client. The `*_hourly`
 * rollups hold the counts the report calls sum, bucketed by the hour each thing happened:
 * a message is counted once per outcome (its first), so repeats of an outcome change nothing.
 */
export class Reports1770740000000 implements MigrationInterface {
  name = 'Reports1770740000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE reports.campaigns (
        campaign_id uuid PRIMARY KEY,
        organisation_id uuid NOT NULL,
        name text NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        -- When the name was last set: an older event never overwrites a newer name.
        name_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX campaigns_organisation_idx ON reports.campaigns (organisation_id)`);
    await db.query(`
      CREATE TABLE reports.campaign_templates (
        campaign_id uuid NOT NULL,
        template_id uuid NOT NULL,
        name text NOT NULL,
        name_at timestamptz NOT NULL,
        PRIMARY KEY (campaign_id, template_id)
      )`);
    await db.query(`
      CREATE TABLE reports.runs (
        run_id uuid PRIMARY KEY,
        organisation_id uuid NOT NULL,
        campaign_id uuid NOT NULL,
        run_time timestamptz NOT NULL,
        run_state text NOT NULL,
        total_count integer NOT NULL DEFAULT 0,
        changed_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX runs_campaign_time_idx ON reports.runs (campaign_id, run_time DESC)`);
    await db.query(`
      CREATE TABLE reports.messages (
        message_id text PRIMARY KEY,
        organisation_id uuid NOT NULL,
        campaign_id uuid NOT NULL,
        run_id uuid NOT NULL,
        action_id text NOT NULL,
        template_id uuid,
        person_id uuid NOT NULL,
        email text NOT NULL,
        org_id text,
        campaign_context text NOT NULL,
        -- The earliest thing that happened to it (normally 'processed').
        created_at timestamptz NOT NULL,
        processed_at timestamptz,
        sent_at timestamptz,
        not_sent_at timestamptz,
        not_sent_reason text,
        dropped_at timestamptz,
        dropped_reason text,
        delivered_at timestamptz,
        bounced_at timestamptz,
        bounce_type text,
        bounce_reason text,
        spam_at timestamptz,
        unsub_at timestamptz,
        first_open_at timestamptz,
        open_count integer NOT NULL DEFAULT 0,
        non_human_open_count integer NOT NULL DEFAULT 0,
        first_click_at timestamptz,
        click_count integer NOT NULL DEFAULT 0,
        non_human_click_count integer NOT NULL DEFAULT 0,
        unique_url_count integer NOT NULL DEFAULT 0
      )`);
    // The Recipients tabs: one index per tab, each in the order the tab lists.
    await db.query(
      `CREATE INDEX messages_campaign_created_idx ON reports.messages (campaign_id, created_at DESC)`,
    );
    for (const [name, column] of [
      ['open', 'first_open_at'],
      ['click', 'first_click_at'],
      ['bounce', 'bounced_at'],
      ['unsub', 'unsub_at'],
      ['spam', 'spam_at'],
      ['not_sent', 'COALESCE(not_sent_at, dropped_at)'],
    ] as const) {
      const where =
        name === 'not_sent' ? '(not_sent_at IS NOT NULL OR dropped_at IS NOT NULL)' : `${column} IS NOT NULL`;
      await db.query(
        `CREATE INDEX messages_${name}_idx ON reports.messages (campaign_id, (${column}) DESC) WHERE ${where}`,
      );
    }
    await db.query(`
      CREATE TABLE reports.message_links (
        message_id text NOT NULL,
        url text NOT NULL,
        email_client text NOT NULL,
        click_count integer NOT NULL DEFAULT 0,
        non_human_click_count integer NOT NULL DEFAULT 0,
        first_click_at timestamptz,
        PRIMARY KEY (message_id, url, email_client)
      )`);
    await db.query(`
      CREATE TABLE reports.message_clients (
        message_id text NOT NULL,
        email_client text NOT NULL,
        open_count integer NOT NULL DEFAULT 0,
        PRIMARY KEY (message_id, email_client)
      )`);
    await db.query(`
      CREATE TABLE reports.stats_hourly (
        campaign_id uuid NOT NULL,
        run_id uuid NOT NULL,
        template_id uuid,
        bucket timestamptz NOT NULL,
        processed_count integer NOT NULL DEFAULT 0,
        sent_count integer NOT NULL DEFAULT 0,
        not_sent_count integer NOT NULL DEFAULT 0,
        dropped_count integer NOT NULL DEFAULT 0,
        delivered_count integer NOT NULL DEFAULT 0,
        bounce_count integer NOT NULL DEFAULT 0,
        spamreport_count integer NOT NULL DEFAULT 0,
        unsub_count integer NOT NULL DEFAULT 0,
        unique_open_count integer NOT NULL DEFAULT 0,
        total_open_count integer NOT NULL DEFAULT 0,
        unique_click_count_by_email integer NOT NULL DEFAULT 0,
        total_click_count integer NOT NULL DEFAULT 0,
        unique_click_count_by_url integer NOT NULL DEFAULT 0,
        non_human_open_count integer NOT NULL DEFAULT 0,
        non_human_click_count integer NOT NULL DEFAULT 0,
        CONSTRAINT stats_hourly_key UNIQUE NULLS NOT DISTINCT (campaign_id, bucket, run_id, template_id)
      )`);
    await db.query(`CREATE INDEX stats_hourly_run_idx ON reports.stats_hourly (run_id)`);
    await db.query(`
      CREATE TABLE reports.link_hourly (
        campaign_id uuid NOT NULL,
        run_id uuid NOT NULL,
        template_id uuid,
        bucket timestamptz NOT NULL,
        url text NOT NULL,
        total_click_count integer NOT NULL DEFAULT 0,
        unique_click_count integer NOT NULL DEFAULT 0,
        CONSTRAINT link_hourly_key UNIQUE NULLS NOT DISTINCT (campaign_id, bucket, run_id, template_id, url)
      )`);
    await db.query(`
      CREATE TABLE reports.client_hourly (
        campaign_id uuid NOT NULL,
        run_id uuid NOT NULL,
        template_id uuid,
        bucket timestamptz NOT NULL,
        email_client text NOT NULL,
        unique_open_count integer NOT NULL DEFAULT 0,
        total_open_count integer NOT NULL DEFAULT 0,
        unique_click_count_by_url integer NOT NULL DEFAULT 0,
        CONSTRAINT client_hourly_key UNIQUE NULLS NOT DISTINCT (campaign_id, bucket, run_id, template_id, email_client)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'client_hourly',
      'link_hourly',
      'stats_hourly',
      'message_clients',
      'message_links',
      'messages',
      'runs',
      'campaign_templates',
      'campaigns',
    ])
      await db.query(`DROP TABLE IF EXISTS reports.${table}`);
  }
}
