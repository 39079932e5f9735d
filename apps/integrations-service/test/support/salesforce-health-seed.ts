import type { SignedIn } from '@meridian/testing';
import { type IntegrationsTestApp, startIntegrationsTestApp } from './integrations-test-app';

/** One seeded sync error; `ago` is how long before now it last occurred (first_occurred is 1 h earlier). */
export interface SeedError {
  error_class: 'others' | 'field_permission';
  direction?: 'read' | 'write';
  object?: 'lead' | 'contact';
  email?: string | null;
  sf_id?: string | null;
  person_id?: string | null;
  name?: string | null;
  error_text?: string;
  agoMinutes?: number;
  archived?: boolean;
  resolved?: boolean;
}

export interface SeedRecord {
  sf_id: string;
  object: 'lead' | 'contact';
  email: string;
  name?: string;
  is_selected?: boolean;
  sf_modstamp?: string | null;
  time_pulled?: string | null;
  time_pushed?: string | null;
  pulled_hash?: string | null;
  pushed_hash?: string | null;
}

/**
 * Rows the sync engine would write, inserted set-based (one statement per call), so the health calls
 * can be proven on their own.
 */
export function salesforceHealthSeed(t: IntegrationsTestApp) {
  return {
    /**
     * A connection with its sync on. Setup is left incomplete so the engine's minute tick never
     * runs it (it has no login): these tests see only what the health calls do.
     */
    async connection(organisationId: string, opts: { active?: boolean } = {}): Promise<string> {
      const [row] = await t.sql<{ id: string }>(
        `INSERT INTO integrations.salesforce_connections
           (organisation_id, name, setup_complete, is_sync_enabled, is_sync_active, next_run_at)
         VALUES ($1, 'Sales', false, $2, $2, now() + interval '1 hour') RETURNING id`,
        [organisationId, opts.active ?? true],
      );
      return row!.id;
    },

    async errors(organisationId: string, connectionId: string, rows: SeedError[]): Promise<void> {
      const col = <K extends keyof SeedError>(k: K, fallback: SeedError[K]) =>
        rows.map((r) => r[k] ?? fallback);
      await t.sql(
        `INSERT INTO integrations.salesforce_errors
           (organisation_id, connection_id, error_class, direction, object, record_key, sf_id, email, person_id,
            name, error_text, first_occurred, last_occurred, archived_at, resolved_at)
         SELECT $1, $2, c, d, o, COALESCE(s, e, 'k' || n), s, e, p, nm, tx,
                now() - make_interval(mins => a + 60), now() - make_interval(mins => a),
                CASE WHEN ar THEN now() END, CASE WHEN rs THEN now() END
           FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                       $10::text[], $11::int[], $12::bool[], $13::bool[])
                WITH ORDINALITY AS u(c, d, o, s, e, p, nm, tx, a, ar, rs, n)`,
        [
          organisationId,
          connectionId,
          col('error_class', 'others'),
          col('direction', 'write'),
          col('object', 'contact'),
          col('sf_id', null),
          col('email', null),
          col('person_id', null),
          col('name', null),
          col('error_text', 'UNKNOWN_EXCEPTION: something failed'),
          col('agoMinutes', 5),
          col('archived', false),
          col('resolved', false),
        ],
      );
    },

    /** `count` write errors of one class for emails bulk-<i>@example.com, in one statement. */
    async manyWriteErrors(organisationId: string, connectionId: string, count: number): Promise<void> {
      await t.sql(
        `INSERT INTO integrations.salesforce_errors
           (organisation_id, connection_id, error_class, direction, object, record_key, email, error_text)
         SELECT $1, $2, 'field_permission', 'write', 'contact', 'bulk-' || i || '@example.com',
                'bulk-' || i || '@example.com', 'INVALID_FIELD_FOR_INSERT_UPDATE: Title'
           FROM generate_series(1, $3::int) AS i`,
        [organisationId, connectionId, count],
      );
    },

    async records(organisationId: string, connectionId: string, rows: SeedRecord[]): Promise<void> {
      const col = <K extends keyof SeedRecord>(k: K, fallback: SeedRecord[K]) =>
        rows.map((r) => r[k] ?? fallback);
      await t.sql(
        `INSERT INTO integrations.salesforce_records
           (organisation_id, connection_id, object, sf_id, email, name, is_selected, sf_modstamp, time_pulled,
            time_pushed, pulled_hash, pushed_hash)
         SELECT $1, $2, o, s, e, nm, sel, ms, tp, tpu, ph, puh
           FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::bool[], $8::timestamptz[],
                       $9::timestamptz[], $10::timestamptz[], $11::text[], $12::text[])
                AS u(o, s, e, nm, sel, ms, tp, tpu, ph, puh)`,
        [
          organisationId,
          connectionId,
          col('object', 'contact'),
          col('sf_id', ''),
          col('email', ''),
          rows.map((r) => r.name ?? null),
          col('is_selected', false),
          col('sf_modstamp', null),
          col('time_pulled', null),
          col('time_pushed', null),
          col('pulled_hash', null),
          col('pushed_hash', null),
        ],
      );
    },

    async cursor(connectionId: string, object: string, lastModstamp: string | null, lastId: string | null) {
      await t.sql(
        `INSERT INTO integrations.salesforce_cursors (connection_id, object, last_modstamp, last_id)
         VALUES ($1, $2, $3, $4)`,
        [connectionId, object, lastModstamp, lastId],
      );
    },

    /** The crmResyncRequested payloads published for the organisation, oldest first. */
    async resyncRequests(
      organisationId: string,
    ): Promise<Array<{ connection_id: string; emails: string[] }>> {
      const rows = await t.sql<{ payload: { connection_id: string; emails: string[] } }>(
        `SELECT payload FROM integrations.outbox
          WHERE name = 'integrations.crm_resync.requested.v1' AND payload->>'organisation_id' = $1 ORDER BY seq`,
        [organisationId],
      );
      return rows.map((r) => r.payload);
    },
  };
}

export interface SalesforceHealthSuite {
  t: IntegrationsTestApp;
  seed: ReturnType<typeof salesforceHealthSeed>;
  admin: SignedIn;
  /** A member (not admin) of the admin's organisation. */
  user: SignedIn;
  /** The admin of another organisation. */
  stranger: SignedIn;
}

/**
 * Registers the hooks of a health suite: one app for the file with two organisations (an admin and
 * a member, and a stranger), closed after it. Its fields are set once the file's first hook has run;
 * every test then starts from no Salesforce connection and no resync event.
 */
export function salesforceHealthSuite(): SalesforceHealthSuite {
  const suite = {} as SalesforceHealthSuite;
  beforeAll(async () => {
    suite.t = await startIntegrationsTestApp();
    suite.seed = salesforceHealthSeed(suite.t);
    suite.admin = await suite.t.platform.newOrganisation();
    suite.user = await suite.t.platform.newUser(suite.admin);
    suite.stranger = await suite.t.platform.newOrganisation();
  }, 180_000);
  afterAll(() => suite.t?.close());
  beforeEach(async () => {
    await suite.t.sql('TRUNCATE integrations.salesforce_connections CASCADE');
    await suite.t.sql(`DELETE FROM integrations.outbox WHERE name = 'integrations.crm_resync.requested.v1'`);
  });
  return suite;
}
