import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The auth schema: organisations, accounts and their roles, sessions, one-time
 * link tokens, API keys, login attempts, and SAML (configs, request ids,
 * consumed assertions, login codes). Every secret is stored as its SHA-256
 * only; passwords as argon2id hashes.
 */
export class AuthSchema1767225600000 implements MigrationInterface {
  name = 'AuthSchema1767225600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE auth.organisations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        slug text NOT NULL,
        domain text NOT NULL,
        is_internal boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        time_created timestamptz NOT NULL DEFAULT now(),
        time_updated timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT organisations_slug_key UNIQUE (slug)
      )`);
    // One organisation per domain: SSO routes unknown emails by their domain.
    await db.query(`CREATE UNIQUE INDEX organisations_domain_key ON auth.organisations (lower(domain))`);
    await db.query(
      `CREATE UNIQUE INDEX organisations_single_internal ON auth.organisations (is_internal) WHERE is_internal`,
    );

    await db.query(`
      CREATE TABLE auth.accounts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL REFERENCES auth.organisations (id) ON DELETE CASCADE,
        name text NOT NULL,
        email text NOT NULL,
        password_hash text,
        is_active boolean NOT NULL DEFAULT true,
        is_email_verified boolean NOT NULL DEFAULT false,
        is_federated_user boolean NOT NULL DEFAULT false,
        invited_by_id uuid REFERENCES auth.accounts (id) ON DELETE SET NULL,
        -- An invite is open while it has been sent and not accepted (password not yet created).
        time_invited timestamptz,
        time_invite_accepted timestamptz,
        time_created timestamptz NOT NULL DEFAULT now(),
        time_updated timestamptz NOT NULL DEFAULT now()
      )`);
    // Emails are unique whatever their case; lookups go through lower(email).
    await db.query(`CREATE UNIQUE INDEX accounts_email_key ON auth.accounts (lower(email))`);
    await db.query(`CREATE INDEX accounts_organisation_idx ON auth.accounts (organisation_id, time_created)`);

    await db.query(`
      CREATE TABLE auth.account_roles (
        account_id uuid NOT NULL REFERENCES auth.accounts (id) ON DELETE CASCADE,
        organisation_id uuid NOT NULL REFERENCES auth.organisations (id) ON DELETE CASCADE,
        role_name text NOT NULL CHECK (role_name IN ('CUSTOMER_ORG_ADMIN', 'CUSTOMER_ORG_USER', 'INTERNAL_STAFF')),
        PRIMARY KEY (account_id, role_name)
      )`);
    await db.query(
      `CREATE INDEX account_roles_organisation_idx ON auth.account_roles (organisation_id, role_name)`,
    );

    await db.query(`
      CREATE TABLE auth.sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES auth.accounts (id) ON DELETE CASCADE,
        organisation_id uuid NOT NULL REFERENCES auth.organisations (id) ON DELETE CASCADE,
        token_hash text NOT NULL,
        impersonator_account_id uuid REFERENCES auth.accounts (id) ON DELETE CASCADE,
        time_created timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        CONSTRAINT sessions_token_hash_key UNIQUE (token_hash)
      )`);
    await db.query(
      `CREATE INDEX sessions_live_by_account_idx ON auth.sessions (account_id) WHERE revoked_at IS NULL`,
    );

    await db.query(`
      CREATE TABLE auth.account_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES auth.accounts (id) ON DELETE CASCADE,
        organisation_id uuid NOT NULL REFERENCES auth.organisations (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('verify_email', 'password_create', 'password_reset')),
        token_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        time_created timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT account_tokens_token_hash_key UNIQUE (token_hash)
      )`);
    await db.query(
      `CREATE INDEX account_tokens_open_idx ON auth.account_tokens (account_id, purpose) WHERE used_at IS NULL`,
    );

    await db.query(`
      CREATE TABLE auth.api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL REFERENCES auth.organisations (id) ON DELETE CASCADE,
        created_by_id uuid REFERENCES auth.accounts (id) ON DELETE SET NULL,
        label text NOT NULL,
        key_type text NOT NULL,
        key_prefix text NOT NULL,
        key_hash text NOT NULL,
        time_created timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        CONSTRAINT api_keys_key_hash_key UNIQUE (key_hash)
      )`);
    await db.query(
      `CREATE INDEX api_keys_live_idx ON auth.api_keys (organisation_id, key_type) WHERE revoked_at IS NULL`,
    );

    // Rate limiting: one row per attempt, counted over a sliding window.
    await db.query(`
      CREATE TABLE auth.login_attempts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('login', 'password_reset')),
        email text NOT NULL,
        ip text NOT NULL,
        attempted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX login_attempts_email_idx ON auth.login_attempts (kind, email, attempted_at)`,
    );
    await db.query(`CREATE INDEX login_attempts_ip_idx ON auth.login_attempts (kind, ip, attempted_at)`);

    await db.query(`
      CREATE TABLE auth.saml_configs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL REFERENCES auth.organisations (id) ON DELETE CASCADE,
        created_by_id uuid REFERENCES auth.accounts (id) ON DELETE SET NULL,
        entity_id text NOT NULL,
        sso_url text NOT NULL,
        certificate text NOT NULL,
        idp text NOT NULL DEFAULT 'okta',
        time_created timestamptz NOT NULL DEFAULT now(),
        time_updated timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT saml_configs_organisation_key UNIQUE (organisation_id)
      )`);

    // AuthnRequest ids we issued, so a response must answer one of ours (InResponseTo).
    await db.query(`
      CREATE TABLE auth.saml_requests (
        id text PRIMARY KEY,
        organisation_id uuid NOT NULL REFERENCES auth.organisations (id) ON DELETE CASCADE,
        issue_instant text NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    // Assertions already used, kept until they expire, so none is accepted twice.
    await db.query(`
      CREATE TABLE auth.saml_consumed_assertions (
        assertion_id text PRIMARY KEY,
        organisation_id uuid NOT NULL REFERENCES auth.organisations (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL
      )`);
    await db.query(
      `CREATE INDEX saml_consumed_assertions_expiry_idx ON auth.saml_consumed_assertions (expires_at)`,
    );
    await db.query(`
      CREATE TABLE auth.saml_login_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES auth.accounts (id) ON DELETE CASCADE,
        organisation_id uuid NOT NULL REFERENCES auth.organisations (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        CONSTRAINT saml_login_codes_code_hash_key UNIQUE (code_hash)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'saml_login_codes',
      'saml_consumed_assertions',
      'saml_requests',
      'saml_configs',
      'login_attempts',
      'api_keys',
      'account_tokens',
      'sessions',
      'account_roles',
      'accounts',
      'organisations',
    ]) {
      await db.query(`DROP TABLE auth.${table}`);
    }
  }
}
