import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Email tokens: named Liquid snippets of an organisation, unique by name in any case, with the
 * return type inferred when they were saved. Also the one-row table holding the key that signs
 * unsubscribe links (generated on first use, never leaves the database and the service).
 */
export class EmailTokens1769000000000 implements MigrationInterface {
  name = 'EmailTokens1769000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE campaign.email_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        name text NOT NULL CHECK (name !~ '\\s' AND length(name) BETWEEN 1 AND 100),
        code text NOT NULL DEFAULT '',
        description text NOT NULL DEFAULT '',
        default_value text NOT NULL DEFAULT '',
        return_type text NOT NULL DEFAULT 'string'
          CHECK (return_type IN ('string', 'number', 'datetime', 'boolean', 'array', 'hashmap')),
        created_by_id uuid,
        created_by_name text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE UNIQUE INDEX email_tokens_org_name_key ON campaign.email_tokens (organisation_id, lower(name))`,
    );
    // The list pages most recently updated first within an organisation.
    await db.query(
      `CREATE INDEX email_tokens_org_updated_idx ON campaign.email_tokens (organisation_id, updated_at DESC, id)`,
    );

    await db.query(`
      CREATE TABLE campaign.personalisation_keys (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        unsubscribe_key bytea NOT NULL CHECK (length(unsubscribe_key) >= 32),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS campaign.personalisation_keys`);
    await db.query(`DROP TABLE IF EXISTS campaign.email_tokens`);
  }
}
