import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Salesforce two-way sync and the unified person mapping.
 *
 * - salesforce_connections: one per organisation (a partial unique index), its OAuth tokens sealed
 *   like warehouse credentials, its settings (spec 3 "Salesforce connection") and sync state.
 * - salesforce_object_fields: the describe of each object as last read (fields, types, the
 *   integration user's access), which the permissions modal, automap and pushes read.
 * - salesforce_cursors: how far each object has been pulled (SystemModstamp, then Id).
 * - salesforce_records: every Salesforce record the product knows, the person it belongs to, and
 *   the hashes of what was last pulled and pushed (a push of unchanged values is skipped).
 * - salesforce_push_queue: persons waiting to be pushed (the latest values per person).
 * - salesforce_sync_runs, salesforce_errors: history and health.
 * - salesforce_api_usage: calls made per organisation per UTC day: the one API budget.
 * - person_mappings: the unified mapping, one row per person field.
 */
export class Salesforce1771300000000 implements MigrationInterface {
  name = 'Salesforce1771300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE integrations.salesforce_connections (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        name text NOT NULL,
        created_by uuid,
        -- OAuth: sealed with the credentials cipher (context 'salesforce:{org}:{id}'); null until login.
        tokens_sealed bytea,
        instance_url text,
        sf_organization_id text,
        sf_user_id text,
        -- The state value of the login in flight (CSRF check of the OAuth return).
        oauth_state text,
        setup_complete boolean NOT NULL DEFAULT false,
        permissions jsonb NOT NULL DEFAULT '{}'::jsonb,
        object_settings jsonb NOT NULL
          DEFAULT '{"lead":true,"contact":true,"account":false,"opportunity":false}'::jsonb,
        max_allocated integer NOT NULL DEFAULT 5000,
        org_daily_max integer,
        frequency integer NOT NULL DEFAULT 1,
        unit text NOT NULL DEFAULT 'hours' CHECK (unit IN ('minutes', 'hours', 'days')),
        inclusion_list jsonb,
        salesforce_record_create boolean NOT NULL DEFAULT false,
        salesforce_record_delete boolean NOT NULL DEFAULT false,
        records_create_settings jsonb NOT NULL DEFAULT '{"lead":true,"contact":true}'::jsonb,
        records_delete_settings jsonb NOT NULL DEFAULT '{"lead":false,"contact":false}'::jsonb,
        selective_sync jsonb NOT NULL
          DEFAULT '{"lead":{"active":false,"field":null},"contact":{"active":false,"field":null}}'::jsonb,
        is_sync_enabled boolean NOT NULL DEFAULT false,
        is_sync_active boolean NOT NULL DEFAULT false,
        next_run_at timestamptz,
        last_synced_at timestamptz,
        error text,
        error_time timestamptz,
        time_created timestamptz NOT NULL DEFAULT now(),
        time_updated timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await db.query(`
      CREATE UNIQUE INDEX salesforce_connections_one_per_org
        ON integrations.salesforce_connections (organisation_id) WHERE deleted_at IS NULL`);
    await db.query(`
      CREATE INDEX salesforce_connections_due
        ON integrations.salesforce_connections (next_run_at)
        WHERE deleted_at IS NULL AND is_sync_enabled AND is_sync_active`);

    await db.query(`
      CREATE TABLE integrations.salesforce_object_fields (
        connection_id uuid NOT NULL REFERENCES integrations.salesforce_connections (id) ON DELETE CASCADE,
        object text NOT NULL CHECK (object IN ('lead', 'contact', 'account', 'opportunity')),
        -- [{name, label, type, createable, updateable, nillable, access: read_write|read_only|write_only|none}]
        fields jsonb NOT NULL,
        time_fetched timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (connection_id, object)
      )`);

    await db.query(`
      CREATE TABLE integrations.salesforce_cursors (
        connection_id uuid NOT NULL REFERENCES integrations.salesforce_connections (id) ON DELETE CASCADE,
        object text NOT NULL,
        last_modstamp timestamptz,
        last_id text,
        PRIMARY KEY (connection_id, object)
      )`);

    await db.query(`
      CREATE TABLE integrations.salesforce_records (
        organisation_id uuid NOT NULL,
        connection_id uuid NOT NULL REFERENCES integrations.salesforce_connections (id) ON DELETE CASCADE,
        object text NOT NULL CHECK (object IN ('lead', 'contact', 'account', 'opportunity')),
        sf_id text NOT NULL,
        email text,
        name text,
        -- The person's chosen record among several with their email (spec: _is_selected).
        is_selected boolean NOT NULL DEFAULT false,
        sf_modstamp timestamptz,
        pulled_hash text,
        pushed_hash text,
        time_pulled timestamptz,
        time_pushed timestamptz,
        is_deleted boolean NOT NULL DEFAULT false,
        time_updated timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (connection_id, sf_id)
      )`);
    await db.query(`
      CREATE INDEX salesforce_records_email
        ON integrations.salesforce_records (connection_id, lower(email))`);

    await db.query(`
      CREATE TABLE integrations.salesforce_push_queue (
        organisation_id uuid NOT NULL,
        connection_id uuid NOT NULL REFERENCES integrations.salesforce_connections (id) ON DELETE CASCADE,
        person_id text NOT NULL,
        email text NOT NULL,
        person_values jsonb NOT NULL,
        person_updated_at timestamptz,
        reason text NOT NULL CHECK (reason IN ('changed', 'flow_step', 'resync')),
        enqueued_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        not_before timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (connection_id, person_id)
      )`);
    await db.query(`
      CREATE INDEX salesforce_push_queue_ready
        ON integrations.salesforce_push_queue (connection_id, not_before)`);

    await db.query(`
      CREATE TABLE integrations.salesforce_sync_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        connection_id uuid NOT NULL REFERENCES integrations.salesforce_connections (id) ON DELETE CASCADE,
        state text NOT NULL CHECK (state IN ('scheduled', 'processing', 'finished', 'cancelled', 'error')),
        trigger text NOT NULL DEFAULT 'schedule' CHECK (trigger IN ('schedule', 'manual', 'resync')),
        start_time timestamptz NOT NULL DEFAULT now(),
        end_time timestamptz,
        -- {lead: {updated, inserted, failed}, contact: {...}, account: {...}, opportunity: {...}}
        sync_read_count jsonb NOT NULL DEFAULT '{}'::jsonb,
        sync_write_count jsonb NOT NULL DEFAULT '{}'::jsonb,
        api_calls integer NOT NULL DEFAULT 0,
        -- Work left for a later run because the API budget ran out.
        deferred_count integer NOT NULL DEFAULT 0,
        total_records integer NOT NULL DEFAULT 0,
        error text
      )`);
    await db.query(`
      CREATE INDEX salesforce_sync_runs_history
        ON integrations.salesforce_sync_runs (connection_id, start_time DESC)`);

    await db.query(`
      CREATE TABLE integrations.salesforce_errors (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        connection_id uuid NOT NULL REFERENCES integrations.salesforce_connections (id) ON DELETE CASCADE,
        -- 'others' | 'field_permission' | ... (libs/contracts salesforce error classes)
        error_class text NOT NULL,
        direction text NOT NULL CHECK (direction IN ('read', 'write')),
        object text NOT NULL,
        -- A record is known by its Salesforce id, a person by email; one of them is set.
        record_key text NOT NULL,
        sf_id text,
        email text,
        person_id text,
        name text,
        error_text text NOT NULL,
        first_occurred timestamptz NOT NULL DEFAULT now(),
        last_occurred timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 1,
        archived_at timestamptz,
        resolved_at timestamptz,
        UNIQUE (connection_id, error_class, direction, object, record_key)
      )`);
    await db.query(`
      CREATE INDEX salesforce_errors_open
        ON integrations.salesforce_errors (connection_id, error_class, last_occurred DESC)
        WHERE archived_at IS NULL AND resolved_at IS NULL`);
    await db.query(`
      CREATE INDEX salesforce_errors_email
        ON integrations.salesforce_errors (organisation_id, lower(email), last_occurred DESC)`);

    await db.query(`
      CREATE TABLE integrations.salesforce_api_usage (
        organisation_id uuid NOT NULL,
        day date NOT NULL,
        calls integer NOT NULL DEFAULT 0,
        -- Calls wanted but refused because the allocation was used up.
        deferred_calls integer NOT NULL DEFAULT 0,
        PRIMARY KEY (organisation_id, day)
      )`);

    await db.query(`
      CREATE TABLE integrations.person_mappings (
        organisation_id uuid NOT NULL,
        person_field text NOT NULL,
        -- The destination as the mapping last saw it (name, display, type, custom, ...).
        destination jsonb NOT NULL,
        -- [{connection_id, type, field: {contact, lead}, sync_preference}]
        sources jsonb NOT NULL DEFAULT '[]'::jsonb,
        time_updated timestamptz NOT NULL DEFAULT now(),
        updated_by uuid,
        PRIMARY KEY (organisation_id, person_field)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'person_mappings',
      'salesforce_api_usage',
      'salesforce_errors',
      'salesforce_sync_runs',
      'salesforce_push_queue',
      'salesforce_records',
      'salesforce_cursors',
      'salesforce_object_fields',
      'salesforce_connections',
    ]) {
      await db.query(`DROP TABLE IF EXISTS integrations.${table}`);
    }
  }
}
