import { createLogger, createServiceApp, TOKEN_VERIFIER, type TokenVerifier } from '@meridian/server-kit';
import {
  createTestDatabase,
  describeSessionCache,
  LONG_SESSION_CACHE,
  startTestPlatform,
} from '@meridian/testing';
import { Client } from 'pg';
import { appModule } from '../src/app.module';
import { loadConfig } from '../src/config';

// The service's own verifier, as its auth guard uses it (it has no bearer endpoint of its own yet).
describeSessionCache('integrations', async () => {
  const db = await createTestDatabase();
  const platform = await startTestPlatform(db.url);
  const config = loadConfig({
    PORT: '0',
    DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    AUTH_SERVICE_URL: platform.authServiceUrl,
    ...LONG_SESSION_CACHE,
  });
  const logger = createLogger('integrations-service', 'silent');
  const app = await createServiceApp(appModule(config, logger), logger);
  const client = new Client({ connectionString: db.url });
  await client.connect();
  return {
    platform,
    verify: (token) => app.get<TokenVerifier>(TOKEN_VERIFIER).verify(token),
    sql: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
    async close() {
      await client.end();
      await app.close();
      await platform.stop();
      await db.drop();
    },
  };
});
