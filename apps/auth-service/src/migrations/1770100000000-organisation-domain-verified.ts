import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An organisation owns its domain once its registrant's email (at that domain) is verified
 * (decisions, "Organisation domain"). Until then the domain is only claimed: another
 * organisation may claim it too, and single sign-on never routes to it. Only owned domains
 * are unique.
 */
export class OrganisationDomainVerified1770100000000 implements MigrationInterface {
  name = 'OrganisationDomainVerified1770100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE auth.organisations ADD COLUMN domain_verified_at timestamptz`);
    // Existing organisations own their domain when a verified account of theirs is at it, and
    // the seeded internal organisation always does.
    await db.query(`
      UPDATE auth.organisations o SET domain_verified_at = o.time_created
       WHERE o.is_internal OR EXISTS (
         SELECT 1 FROM auth.accounts a
          WHERE a.organisation_id = o.id AND a.is_email_verified
            AND (lower(a.email) LIKE '%@' || lower(o.domain) OR lower(a.email) LIKE '%.' || lower(o.domain)))`);
    await db.query(`DROP INDEX auth.organisations_domain_key`);
    await db.query(
      `CREATE UNIQUE INDEX organisations_owned_domain_key ON auth.organisations (lower(domain))
        WHERE domain_verified_at IS NOT NULL`,
    );
    await db.query(`CREATE INDEX organisations_domain_idx ON auth.organisations (lower(domain))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX auth.organisations_domain_idx`);
    await db.query(`DROP INDEX auth.organisations_owned_domain_key`);
    await db.query(`CREATE UNIQUE INDEX organisations_domain_key ON auth.organisations (lower(domain))`);
    await db.query(`ALTER TABLE auth.organisations DROP COLUMN domain_verified_at`);
  }
}
