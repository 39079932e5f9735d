import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Identity provider options: IdP-initiated login (off unless an admin turns it on), a second
 * signing certificate for rollover, and the metadata address the configuration was imported from.
 */
export class SamlIdpOptions1770100001000 implements MigrationInterface {
  name = 'SamlIdpOptions1770100001000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE auth.saml_configs
        ADD COLUMN allow_idp_initiated boolean NOT NULL DEFAULT false,
        ADD COLUMN second_certificate text,
        ADD COLUMN metadata_url text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE auth.saml_configs
        DROP COLUMN allow_idp_initiated,
        DROP COLUMN second_certificate,
        DROP COLUMN metadata_url`);
  }
}
