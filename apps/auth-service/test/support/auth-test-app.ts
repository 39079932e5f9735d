import { Writable } from 'node:stream';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Endpoint } from '@meridian/contracts';
import { createLogger, createServiceApp, MAIL_PORT } from '@meridian/server-kit';
import {
  type AuthFactories,
  authFactories,
  call,
  createTestDatabase,
  type HttpTarget,
  type SmtpSink,
  smtpMailPort,
  startSmtpSink,
  type TestDatabase,
} from '@meridian/testing';
import { Client } from 'pg';
import { appModule } from '../../src/app.module';
import { type AuthConfig, loadConfig } from '../../src/config';

export const PUBLIC_BASE_URL = 'https://app.meridian.test';

export interface AuthTestApp {
  app: NestFastifyApplication;
  server: HttpTarget;
  config: AuthConfig;
  sink: SmtpSink;
  /** Direct SQL on the test database, to check what changed and what did not. */
  sql: Client;
  /** Every log line the service wrote, at trace level. */
  logs: string[];
  factories: AuthFactories;
  call(contract: Endpoint, body: unknown, options?: { token?: string; ip?: string }): ReturnType<typeof call>;
  close(): Promise<void>;
}

/**
 * The real auth service on its own fresh Postgres database with real
 * migrations, mailing over SMTP into a sink the test reads.
 */
export async function startAuthTestApp(
  env: Record<string, string> = {},
  options: { database?: TestDatabase } = {},
): Promise<AuthTestApp & { database: TestDatabase }> {
  const db: TestDatabase = options.database ?? (await createTestDatabase());
  const sink = await startSmtpSink();
  const mail = smtpMailPort(sink.url);
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = createLogger('auth-service', 'trace', destination);
  const config = loadConfig({
    PORT: '0',
    DATABASE_URL: db.url,
    LOG_LEVEL: 'trace',
    PUBLIC_BASE_URL,
    ...env,
  });
  const app = await createServiceApp(
    appModule(config, logger, { mail: { provide: MAIL_PORT, useValue: mail } }),
    logger,
    { trustProxy: config.TRUSTED_PROXIES },
  );
  const sql = new Client({ connectionString: db.url });
  await sql.connect();
  const server = app.getHttpServer();
  return {
    database: db,
    app,
    server,
    config,
    sink,
    sql,
    logs,
    factories: authFactories(server, sink, PUBLIC_BASE_URL),
    call: (contract, body, options) => call(server, contract, body, options),
    async close() {
      await app.close();
      await sql.end();
      mail.close();
      await sink.close();
      // A database handed in belongs to the caller.
      if (!options.database) await db.drop();
    },
  };
}

/** Rows of a table as plain objects, in a stable order: to compare before and after. */
export async function snapshot(sql: Client, table: string, orderBy = '1'): Promise<unknown[]> {
  const result = await sql.query(`SELECT * FROM auth.${table} ORDER BY ${orderBy}`);
  return result.rows;
}
