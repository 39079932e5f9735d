import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { apiKeyCreateContract, type Endpoint, SEGMENT_KEY_TYPE } from '@meridian/contracts';
import { createLogger, createServiceApp } from '@meridian/server-kit';
import {
  call,
  createTestDatabase,
  eventually,
  ok,
  type SignedIn,
  startTestPlatform,
  type TestDatabase,
  type TestPlatform,
} from '@meridian/testing';
import { Client } from 'pg';
import request, { type Test } from 'supertest';
import { appModule } from '../../src/app.module';
import { loadConfig } from '../../src/config';

export interface SegmentTestApp {
  app: NestFastifyApplication;
  db: TestDatabase;
  platform: TestPlatform;
  /** The service's address, for clients that speak HTTP themselves (analytics-node). */
  url: string;
  call(contract: Endpoint, body: unknown, who: SignedIn): Test;
  /** A Tracking API request with the write key as Basic auth. */
  track(path: string, body: unknown, writeKey: string): Test;
  /** Issues the organisation's Segment write key and waits until the ingest accepts it. */
  newWriteKey(admin: SignedIn): Promise<string>;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export const basicAuth = (writeKey: string) => `Basic ${Buffer.from(`${writeKey}:`).toString('base64')}`;

/** The integrations service in-process on its own database, with a real auth service (tokens, API keys). */
export async function startSegmentTestApp(): Promise<SegmentTestApp> {
  const db = await createTestDatabase();
  const platform = await startTestPlatform(db.url);
  const config = loadConfig({
    PORT: '0',
    DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    AUTH_SERVICE_URL: platform.authServiceUrl,
  });
  const logger = createLogger('integrations-service', 'silent');
  const app = await createServiceApp(appModule(config, logger), logger);
  await app.listen(0, '127.0.0.1');
  const url = await app.getUrl();
  const client = new Client({ connectionString: db.url });
  await client.connect();
  const http = () => request(app.getHttpServer());
  const track = (path: string, body: unknown, writeKey: string) =>
    http()
      .post(path)
      .set('authorization', basicAuth(writeKey))
      .set('content-type', 'application/json')
      .send(typeof body === 'string' ? body : JSON.stringify(body));
  return {
    app,
    db,
    platform,
    url: url.replace('[::1]', '127.0.0.1'),
    call: (contract, body, who) =>
      http()
        .post(contract.fullPath)
        .set('authorization', `Bearer ${who.bearer}`)
        .send(body as object),
    track,
    async newWriteKey(admin) {
      const created = ok(
        await call(
          platform.authServiceUrl,
          apiKeyCreateContract,
          { label: 'Segment', key_type: SEGMENT_KEY_TYPE },
          { token: admin.bearer },
        ),
      );
      const key = (created.body as { api_key: { key: string } }).api_key.key;
      // The key reaches us as an event from the auth service. An empty batch stores nothing.
      await eventually(async () => (await track('/v1/batch', { batch: [] }, key)).status === 200, {
        what: 'the new write key to be accepted',
        timeoutMs: 30_000,
      });
      return key;
    },
    async sql<T>(text: string, params: unknown[] = []) {
      return (await client.query(text, params)).rows as T[];
    },
    async close() {
      await client.end();
      await app.close();
      await platform.stop();
      await db.drop();
    },
  };
}
