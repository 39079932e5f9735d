import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Email settings per organisation: the global sender (from name and address, reply-to), the
 * opt-out page setting (custom URL or the product's /unsubscribed page), and sender domains (several
 * per organisation; a from address must use an active one). Domains are unique per organisation
 * case-insensitively, which the lazy demo-domain insert upserts against.
 */
export class EmailSettings1769300000000 implements MigrationInterface {
  name = 'EmailSettings1769300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE campaign.sender_domains (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        domain text NOT NULL CHECK (domain = lower(domain) AND length(domain) BETWEEN 1 AND 253),
        active boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE UNIQUE INDEX sender_domains_organisation_domain ON campaign.sender_domains (organisation_id, domain)`,
    );

    await db.query(`
      CREATE TABLE campaign.email_settings (
        organisation_id uuid PRIMARY KEY,
        from_name text NOT NULL,
        from_email text NOT NULL,
        reply_to text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await db.query(`
      CREATE TABLE campaign.unsubscribe_urls (
        organisation_id uuid PRIMARY KEY,
        url text NOT NULL DEFAULT '',
        custom_url boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE campaign.unsubscribe_urls');
    await db.query('DROP TABLE campaign.email_settings');
    await db.query('DROP TABLE campaign.sender_domains');
  }
}
