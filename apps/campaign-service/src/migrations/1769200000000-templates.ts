import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Email templates: the HTML (`content`), the visual editor's design (`content_json`), subject and
 * sender settings. The author's name is kept beside the account id so lists need no call to the
 * auth service.
 */
export class Templates1769200000000 implements MigrationInterface {
  name = 'Templates1769200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE campaign.email_templates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        name text NOT NULL,
        template_type text NOT NULL CHECK (template_type IN ('visual', 'advanced')),
        subject text,
        content text,
        content_json jsonb,
        from_email jsonb,
        reply_to text,
        sender_meta jsonb,
        created_by_id uuid,
        created_by_name text,
        updated_by_id uuid,
        updated_by_name text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The list pages newest change first within an organisation.
    await db.query(
      `CREATE INDEX email_templates_org_updated_idx ON campaign.email_templates (organisation_id, updated_at DESC, id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE campaign.email_templates`);
  }
}
