import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Endpoint, EventDefinition, EventEnvelope, EventPayload } from '@meridian/contracts';
import { createLogger, createServiceApp, PostgresTransport } from '@meridian/server-kit';
import {
  createTestDatabase,
  eventually,
  type SignedIn,
  startTestPlatform,
  type TestDatabase,
  type TestPlatform,
} from '@meridian/testing';
import { Client } from 'pg';
import request, { type Test } from 'supertest';
import { appModule } from '../../src/app.module';
import { loadConfig } from '../../src/config';

export interface ReportsTestApp {
  app: NestFastifyApplication;
  db: TestDatabase;
  platform: TestPlatform;
  /** POSTs a contract's endpoint as the signed-in account. */
  call(contract: Endpoint, body: unknown, who: SignedIn): Test;
  /** Publishes events on the service's transport, as another service's outbox relay does. */
  publish(events: readonly EventEnvelope[]): Promise<void>;
  /** Resolves once the reports' consumers have applied every event published so far. */
  settled(): Promise<void>;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** An envelope of a catalogue event, as an outbox relay hands it to the transport. */
export function envelope<D extends EventDefinition>(
  definition: D,
  payload: EventPayload<D>,
  id: string = randomUUID(),
): EventEnvelope {
  return {
    id,
    name: definition.name,
    key: definition.key(payload),
    payload,
    occurred_at: (payload as { occurred_at: string }).occurred_at,
  };
}

/** The reports service in-process on its own database, with a real auth service for tokens. */
export async function startReportsTestApp(env: Record<string, string> = {}): Promise<ReportsTestApp> {
  const db = await createTestDatabase();
  const platform = await startTestPlatform(db.url);
  const config = loadConfig({
    PORT: '0',
    DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    AUTH_SERVICE_URL: platform.authServiceUrl,
    ...env,
  });
  const logger = createLogger('reports-service', 'silent');
  const app = await createServiceApp(appModule(config, logger), logger);
  const transport = new PostgresTransport({ connectionString: db.url, logger });
  const client = new Client({ connectionString: db.url });
  await client.connect();
  const http = () => request(app.getHttpServer());
  const sql = async <T>(text: string, params: unknown[] = []) =>
    (await client.query(text, params)).rows as T[];
  return {
    app,
    db,
    platform,
    sql,
    call(contract, body, who) {
      return http()
        .post(contract.fullPath)
        .set({ Authorization: `Bearer ${who.bearer}` })
        .send(body as object);
    },
    publish: (events) => transport.publish(events),
    async settled() {
      // Every reports consumer group has read every topic of the log to its end.
      await eventually(
        async () => {
          const [row] = await sql<{ behind: number }>(
            `SELECT count(*)::int AS behind FROM events.consumer_offsets o
             WHERE o."group" LIKE 'reports.%'
               AND o."offset" < (SELECT COALESCE(max(l."offset"), 0) FROM events.log l WHERE l.topic = o.topic)`,
          );
          return row!.behind === 0;
        },
        { what: 'the reports consumers to catch up', timeoutMs: 60_000 },
      );
    },
    async close() {
      await transport.close();
      await client.end();
      await app?.close();
      await platform?.stop();
      await db?.drop();
    },
  };
}
