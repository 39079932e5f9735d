import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The contact database: persons with default columns and custom fields in jsonb,
 * the per-organisation field definitions, settings, product persons, person
 * activity, static lists and CSV import runs. Emails are unique per organisation
 * case-insensitively, enforced by an expression index that imports upsert against.
 */
export class Contacts1768003200000 implements MigrationInterface {
  name = 'Contacts1768003200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE campaign.persons (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        email text NOT NULL,
        first_name text,
        last_name text,
        title text,
        company_name text,
        phone_number text,
        product_user_id text,
        org_id text,
        custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
        unsubscribed boolean NOT NULL DEFAULT false,
        unsubscribed_time timestamptz,
        _created_time timestamptz NOT NULL DEFAULT now(),
        _updated_time timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE UNIQUE INDEX persons_org_email_key ON campaign.persons (organisation_id, lower(email))`,
    );
    // The contacts list pages newest first within an organisation.
    await db.query(
      `CREATE INDEX persons_org_created_idx ON campaign.persons (organisation_id, _created_time DESC, id)`,
    );

    await db.query(`
      CREATE TABLE campaign.person_fields (
        organisation_id uuid NOT NULL,
        name text NOT NULL,
        display text NOT NULL,
        type text NOT NULL CHECK (type IN ('string', 'boolean', 'integer', 'float', 'datetime')),
        length integer,
        read_only boolean NOT NULL DEFAULT false,
        updatable boolean NOT NULL DEFAULT true,
        required boolean NOT NULL DEFAULT false,
        hidden boolean NOT NULL DEFAULT false,
        custom boolean NOT NULL DEFAULT true,
        position integer NOT NULL DEFAULT 1000,
        _created_time timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organisation_id, name)
      )`);

    await db.query(`
      CREATE TABLE campaign.organisation_settings (
        organisation_id uuid PRIMARY KEY,
        person_org_mapping text NOT NULL DEFAULT 'one_to_one'
          CHECK (person_org_mapping IN ('one_to_none', 'one_to_one', 'many_to_many')),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await db.query(`
      CREATE TABLE campaign.person_org (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        email text NOT NULL,
        org_id text NOT NULL,
        product_user_id text,
        user_properties jsonb NOT NULL DEFAULT '{}'::jsonb,
        _created_time timestamptz NOT NULL DEFAULT now(),
        _updated_time timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE UNIQUE INDEX person_org_org_email_key ON campaign.person_org (organisation_id, lower(email), org_id)`,
    );

    await db.query(`
      CREATE TABLE campaign.person_marketing_activity (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        person_id uuid NOT NULL REFERENCES campaign.persons (id) ON DELETE CASCADE,
        event text NOT NULL,
        occurred_at timestamptz NOT NULL,
        template_name text,
        campaign_name text,
        context text,
        correlation_id text
      )`);
    await db.query(
      `CREATE INDEX person_marketing_activity_person_idx ON campaign.person_marketing_activity (person_id, occurred_at DESC)`,
    );

    await db.query(`
      CREATE TABLE campaign.person_product_activity (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        person_id uuid NOT NULL REFERENCES campaign.persons (id) ON DELETE CASCADE,
        event_name text NOT NULL,
        event_date timestamptz NOT NULL,
        event_properties jsonb NOT NULL DEFAULT '{}'::jsonb,
        user_id text,
        org_id text
      )`);
    await db.query(
      `CREATE INDEX person_product_activity_person_idx ON campaign.person_product_activity (person_id, event_date DESC)`,
    );

    await db.query(`
      CREATE TABLE campaign.person_email_activity (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        person_id uuid NOT NULL REFERENCES campaign.persons (id) ON DELETE CASCADE,
        email text NOT NULL,
        campaign_id uuid,
        correlation_id text,
        sent_date timestamptz NOT NULL,
        unique_open_count integer NOT NULL DEFAULT 0,
        unique_click_count_by_url integer NOT NULL DEFAULT 0,
        urls jsonb NOT NULL DEFAULT '[]'::jsonb,
        error_text text,
        reason text,
        unsub_time timestamptz
      )`);
    await db.query(
      `CREATE INDEX person_email_activity_person_idx ON campaign.person_email_activity (person_id, sent_date DESC)`,
    );

    await db.query(`
      CREATE TABLE campaign.static_lists (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        name text NOT NULL,
        created_by uuid,
        updated_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX static_lists_org_idx ON campaign.static_lists (organisation_id, updated_at DESC)`,
    );
    await db.query(`
      CREATE TABLE campaign.static_list_members (
        static_list_id uuid NOT NULL REFERENCES campaign.static_lists (id) ON DELETE CASCADE,
        person_id uuid NOT NULL REFERENCES campaign.persons (id) ON DELETE CASCADE,
        organisation_id uuid NOT NULL,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (static_list_id, person_id)
      )`);
    await db.query(`CREATE INDEX static_list_members_person_idx ON campaign.static_list_members (person_id)`);

    await db.query(`
      CREATE TABLE campaign.contact_imports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        filepath text NOT NULL,
        status text NOT NULL,
        error text,
        preview jsonb,
        result jsonb,
        processed_rows integer NOT NULL DEFAULT 0,
        total_rows integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE UNIQUE INDEX contact_imports_org_path_key ON campaign.contact_imports (organisation_id, filepath)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'contact_imports',
      'static_list_members',
      'static_lists',
      'person_email_activity',
      'person_product_activity',
      'person_marketing_activity',
      'person_org',
      'organisation_settings',
      'person_fields',
      'persons',
    ]) {
      await db.query(`DROP TABLE campaign.${table}`);
    }
  }
}
