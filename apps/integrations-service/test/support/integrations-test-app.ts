import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Endpoint } from '@meridian/contracts';
import { createLogger, createServiceApp } from '@meridian/server-kit';
import {
  createTestDatabase,
  type SignedIn,
  startTestPlatform,
  type TestDatabase,
  type TestPlatform,
} from '@meridian/testing';
import { Client } from 'pg';
import request, { type Test } from 'supertest';
import { appModule } from '../../src/app.module';
import { startCampaignProcess } from './campaign-process';
import { loadConfig } from '../../src/config';

export interface IntegrationsTestApp {
  app: NestFastifyApplication;
  db: TestDatabase;
  platform: TestPlatform;
  /** The campaign service's base URL, when started (`withCampaign`). */
  campaignUrl?: string;
  call(contract: Endpoint, body: unknown, who: SignedIn): Test;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * The integrations service in-process on its own database, with a real auth service for tokens.
 * Loopback is allowed as a warehouse host (the test warehouse is a database of the same server);
 * `env` adds or overrides settings.
 */
export async function startIntegrationsTestApp(
  env: Record<string, string> = {},
  options: { withCampaign?: boolean } = {},
): Promise<IntegrationsTestApp> {
  const db = await createTestDatabase();
  const platform = await startTestPlatform(db.url);
  // The calls that read the person fields ask the campaign service: started when the test needs it.
  const campaign = options.withCampaign ? await startCampaignProcess(db.url, platform) : undefined;
  const config = loadConfig({
    PORT: '0',
    DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    AUTH_SERVICE_URL: platform.authServiceUrl,
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    ...(campaign ? { CAMPAIGN_SERVICE_URL: campaign.url } : {}),
    ...env,
  });
  const logger = createLogger('integrations-service', 'silent');
  const app = await createServiceApp(appModule(config, logger), logger);
  const client = new Client({ connectionString: db.url });
  await client.connect();
  const http = () => request(app.getHttpServer());
  return {
    app,
    db,
    platform,
    campaignUrl: campaign?.url,
    call(contract, body, who) {
      return http()
        .post(contract.fullPath)
        .set({ Authorization: `Bearer ${who.bearer}` })
        .send(body as object);
    },
    async sql<T>(text: string, params: unknown[] = []) {
      return (await client.query(text, params)).rows as T[];
    },
    async close() {
      await client.end();
      await app?.close();
      await campaign?.stop();
      await platform?.stop();
      await db?.drop();
    },
  };
}
