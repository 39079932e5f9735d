import type { DynamicModule } from '@nestjs/common';
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
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Client } from 'pg';
import request, { type Test } from 'supertest';
import { appModule } from '../../src/app.module';
import { loadConfig } from '../../src/config';

export interface CampaignTestApp {
  app: NestFastifyApplication;
  db: TestDatabase;
  platform: TestPlatform;
  uploadDir: string;
  /** POSTs (or GETs) a contract's endpoint as the signed-in account. */
  call(contract: Endpoint, body: unknown, who: SignedIn): Test;
  http(): ReturnType<typeof request>;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface CampaignTestAppOptions {
  /** Modules added beside the app's own (e.g. a global one binding a port for the test). */
  imports?: DynamicModule[];
  /** A second instance on the first's database and auth service (two replicas sharing work). */
  shareWith?: CampaignTestApp;
  /** Collects the service's log lines (info and above) here; silent without it. */
  logs?: string[];
}

/**
 * The campaign service in-process on its own database, with a real auth service for tokens.
 * `env` adds or overrides settings (e.g. SMTP_URL of a test SMTP sink, or `OUTBOUND_ALLOWED_HOSTS`).
 */
export async function startCampaignTestApp(
  env: Record<string, string> = {},
  options: CampaignTestAppOptions = {},
): Promise<CampaignTestApp> {
  const shared = options.shareWith;
  const db = shared?.db ?? (await createTestDatabase());
  const platform = shared?.platform ?? (await startTestPlatform(db.url));
  const uploadDir = shared?.uploadDir ?? (await mkdtemp(join(tmpdir(), 'campaign-uploads-')));
  const config = loadConfig({
    PORT: '0',
    DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    AUTH_SERVICE_URL: platform.authServiceUrl,
    UPLOAD_DIR: uploadDir,
    ...env,
  });
  const logs = options.logs;
  const logger = logs
    ? createLogger(
        'campaign-service',
        'info',
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            logs.push(chunk.toString('utf8'));
            done();
          },
        }),
      )
    : createLogger('campaign-service', 'silent');
  const root = appModule(config, logger);
  // The test's modules first: a global binding of theirs (a recording mailer) is found before the app's.
  const module = options.imports?.length
    ? { module: class CampaignTestRoot {}, imports: [...options.imports, root] }
    : root;
  const app = await createServiceApp(module, logger);
  const client = new Client({ connectionString: db.url });
  await client.connect();
  const http = () => request(app.getHttpServer());
  return {
    app,
    db,
    platform,
    uploadDir,
    http,
    call(contract, body, who) {
      const auth = { Authorization: `Bearer ${who.bearer}` };
      return contract.method === 'GET'
        ? http()
            .get(contract.fullPath)
            .query(body as Record<string, string>)
            .set(auth)
        : http()
            .post(contract.fullPath)
            .set(auth)
            .send(body as object);
    },
    async sql<T>(text: string, params: unknown[] = []) {
      return (await client.query(text, params)).rows as T[];
    },
    async close() {
      await client.end();
      await app?.close();
      if (shared) return;
      await platform?.stop();
      await db?.drop();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}
