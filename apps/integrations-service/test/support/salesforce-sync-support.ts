import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { events } from '@meridian/contracts';
import { createLogger, createServiceApp, EventPublisher, JobQueue, Transactions } from '@meridian/server-kit';
import { eventually, type FakeSalesforce, type TestPlatform } from '@meridian/testing';
import { appModule } from '../../src/app.module';
import { loadConfig } from '../../src/config';
import { SalesforceSessions } from '../../src/modules/salesforce/session/salesforce-sessions';
import {
  salesforceSyncJobKey,
  salesforceSyncRunJob,
} from '../../src/modules/salesforce/sync/salesforce-sync.jobs';

/** The integrations service in-process on `databaseUrl`, logging in to the fake Salesforce org. */
export function startSalesforceSyncApp(
  databaseUrl: string,
  platform: TestPlatform,
  fake: FakeSalesforce,
  env: Record<string, string> = {},
): Promise<NestFastifyApplication> {
  const config = loadConfig({
    ...env,
    PORT: '0',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    AUTH_SERVICE_URL: platform.authServiceUrl,
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    SALESFORCE_LOGIN_URL: fake.baseUrl,
    SALESFORCE_CLIENT_ID: fake.clientId,
    SALESFORCE_CLIENT_SECRET: fake.clientSecret,
  });
  const logger = createLogger('integrations-service', 'silent');
  return createServiceApp(appModule(config, logger), logger);
}

type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export interface MappedField {
  person_field: string;
  lead: string | null;
  contact: string | null;
  sync_preference: 'two_way' | 'always_use_connection' | 'prefer_connection';
  custom?: boolean;
  type?: string;
}

/**
 * A completed Salesforce connection the way the setup leaves it: the row, then a real OAuth round
 * trip with the fake (authorize, code, token) sealed through SalesforceSessions.store.
 */
export async function connectSalesforce(
  app: NestFastifyApplication,
  sql: Sql,
  fake: FakeSalesforce,
  organisationId: string,
  settings: { maxAllocated?: number; recordCreate?: boolean } = {},
): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `INSERT INTO integrations.salesforce_connections (organisation_id, name, setup_complete, is_sync_enabled,
        is_sync_active, next_run_at, max_allocated, salesforce_record_create)
     VALUES ($1, 'Salesforce', true, true, true, now() + interval '1 day', $2, $3) RETURNING id`,
    [organisationId, settings.maxAllocated ?? 100_000, settings.recordCreate ?? false],
  );
  const sessions = app.get(SalesforceSessions);
  const oauth2 = sessions.oauth2()!;
  const landing = await fake.approve(oauth2.getAuthorizationUrl({ state: 'test-state' }));
  const token = await oauth2.requestToken(landing.searchParams.get('code')!);
  await sessions.store(organisationId, row!.id, {
    tokens: { access_token: token.access_token, refresh_token: token.refresh_token ?? null },
    instanceUrl: token.instance_url,
  });
  return row!.id;
}

export async function mapFields(
  sql: Sql,
  organisationId: string,
  connectionId: string,
  fields: readonly MappedField[],
): Promise<void> {
  for (const f of fields) {
    await sql(
      `INSERT INTO integrations.person_mappings (organisation_id, person_field, destination, sources)
       VALUES ($1, $2, $3::jsonb, $4::jsonb)
       ON CONFLICT (organisation_id, person_field) DO UPDATE SET sources = EXCLUDED.sources`,
      [
        organisationId,
        f.person_field,
        JSON.stringify({
          name: f.person_field,
          display: f.person_field,
          type: f.type ?? 'string',
          custom: f.custom ?? false,
        }),
        JSON.stringify([
          {
            connection_id: connectionId,
            type: 'salesforce',
            field: { lead: f.lead, contact: f.contact },
            sync_preference: f.sync_preference,
          },
        ]),
      ],
    );
  }
}

/** Starts a run now (the tick would at next_run_at). */
export async function runNow(app: NestFastifyApplication, organisationId: string, connectionId: string) {
  await app
    .get(JobQueue)
    .enqueue(
      undefined,
      salesforceSyncRunJob,
      { organisationId, connectionId, manual: true },
      { jobKey: salesforceSyncJobKey(connectionId) },
    );
}

/** Waits until `count` runs exist, none is processing and every pulled batch is answered. */
export function settled(sql: Sql, connectionId: string, count: number) {
  return eventually(
    async () => {
      const [row] = await sql<{ n: number; open: number; unanswered: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'processing')::int AS open,
                COALESCE(sum(batches_published - batches_applied), 0)::int AS unanswered
           FROM integrations.salesforce_sync_runs WHERE connection_id = $1`,
        [connectionId],
      );
      return row!.n === count && row!.open === 0 && row!.unanswered === 0;
    },
    { what: `salesforce run ${count} to settle`, timeoutMs: 240_000 },
  );
}

/** What the campaign service's CRM feed sends: persons with their current values. */
export async function exportPersons(
  app: NestFastifyApplication,
  organisationId: string,
  connectionId: string,
  persons: Array<{
    person_id: string;
    email: string;
    values: Record<string, string | null>;
    time_updated?: string;
  }>,
): Promise<void> {
  await app.get(Transactions).run((tx) =>
    app.get(EventPublisher).publish(tx, events.crmPersonsExported, {
      organisation_id: organisationId,
      connection_id: connectionId,
      batch_id: `test-${Date.now()}-${Math.random()}`,
      reason: 'changed',
      campaign_id: null,
      run_id: null,
      action_id: null,
      request_id: null,
      persons: persons.map((p) => ({ ...p, time_updated: p.time_updated ?? new Date().toISOString() })),
    }),
  );
}
