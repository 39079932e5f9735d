import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The campaign engine's state, shared by the scheduler, the journeys, sending and tracking.
 * - campaign_runs: one row per schedule slot; (campaign_id, slot_time) is unique, so a slot can
 *   never start twice whichever worker reaches it first.
 * - run_persons: the audience snapshot of a run and each person's place in the flow. A person
 *   is 'active' (a batch may take them), 'waiting' (a delay parks them until wake_at), or in
 *   a terminal state ('completed', 'failed', 'cancelled'); exactly one row per (run, person).
 *   Qualification (once / every_time / once_every) reads the (campaign_id, person_id) history.
 * - email_messages: one row per (run, action, person): the idempotency key of a send. Its
 *   message_id is the deterministic RFC 5322 Message-ID; links holds the URLs tracking may
 *   redirect to (by index), so a click can only ever lead to a link stored for that message.
 * - suppressions: addresses never sent to again (hard bounce, complaint), per organisation.
 * Marketing activity gains `human`: opens and clicks by security scanners are kept but marked,
 * and audiences count human engagement by default.
 */
export class Engine1770700000000 implements MigrationInterface {
  name = 'Engine1770700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE campaign.campaign_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        campaign_id uuid NOT NULL REFERENCES campaign.campaigns (id) ON DELETE CASCADE,
        campaign_version integer NOT NULL,
        run_type text NOT NULL,
        slot_time timestamptz NOT NULL,
        state text NOT NULL DEFAULT 'scheduled'
          CHECK (state IN ('scheduled', 'processing', 'finished', 'cancelled', 'skipped')),
        state_reason text,
        total_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        UNIQUE (campaign_id, slot_time)
      )`);
    await db.query(`CREATE INDEX campaign_runs_org_campaign_idx
      ON campaign.campaign_runs (organisation_id, campaign_id, slot_time DESC)`);
    await db.query(`CREATE INDEX campaign_runs_open_idx ON campaign.campaign_runs (state, slot_time)
      WHERE state IN ('scheduled', 'processing')`);

    await db.query(`
      CREATE TABLE campaign.run_persons (
        run_id uuid NOT NULL REFERENCES campaign.campaign_runs (id) ON DELETE CASCADE,
        person_id uuid NOT NULL REFERENCES campaign.persons (id) ON DELETE CASCADE,
        organisation_id uuid NOT NULL,
        campaign_id uuid NOT NULL,
        org_id text,
        state text NOT NULL DEFAULT 'active'
          CHECK (state IN ('active', 'waiting', 'completed', 'failed', 'cancelled')),
        current_action_id text,
        wake_at timestamptz,
        outcome text,
        entered_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (run_id, person_id)
      )`);
    await db.query(`CREATE INDEX run_persons_history_idx
      ON campaign.run_persons (campaign_id, person_id, entered_at DESC)`);
    await db.query(`CREATE INDEX run_persons_due_idx ON campaign.run_persons (run_id, state, wake_at)
      WHERE state IN ('active', 'waiting')`);

    await db.query(`
      CREATE TABLE campaign.email_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        campaign_id uuid NOT NULL,
        run_id uuid NOT NULL REFERENCES campaign.campaign_runs (id) ON DELETE CASCADE,
        action_id text NOT NULL,
        person_id uuid NOT NULL REFERENCES campaign.persons (id) ON DELETE CASCADE,
        template_id uuid,
        email text NOT NULL,
        message_id text NOT NULL UNIQUE,
        status text NOT NULL DEFAULT 'queued'
          CHECK (status IN ('queued', 'sending', 'sent', 'not_sent', 'dropped', 'outcome_unknown')),
        reason text,
        subject text,
        links jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        delivered_at timestamptz,
        bounced_at timestamptz,
        complained_at timestamptz,
        first_opened_at timestamptz,
        first_clicked_at timestamptz,
        unsubscribed_at timestamptz,
        UNIQUE (run_id, action_id, person_id)
      )`);
    await db.query(`CREATE INDEX email_messages_person_idx
      ON campaign.email_messages (organisation_id, person_id, created_at DESC)`);
    await db.query(`CREATE INDEX email_messages_campaign_idx
      ON campaign.email_messages (organisation_id, campaign_id, created_at DESC)`);
    await db.query(`CREATE INDEX email_messages_queued_idx ON campaign.email_messages (run_id, action_id)
      WHERE status = 'queued'`);

    await db.query(`
      CREATE TABLE campaign.suppressions (
        organisation_id uuid NOT NULL,
        email text NOT NULL,
        reason text NOT NULL CHECK (reason IN ('bounce', 'complaint', 'manual')),
        detail text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organisation_id, email)
      )`);

    await db.query(`ALTER TABLE campaign.person_marketing_activity
      ADD COLUMN human boolean NOT NULL DEFAULT true, ADD COLUMN message_id text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE campaign.person_marketing_activity DROP COLUMN human, DROP COLUMN message_id`,
    );
    await db.query(`DROP TABLE campaign.suppressions`);
    await db.query(`DROP TABLE campaign.email_messages`);
    await db.query(`DROP TABLE campaign.run_persons`);
    await db.query(`DROP TABLE campaign.campaign_runs`);
  }
}
