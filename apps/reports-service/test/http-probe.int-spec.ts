import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createLogger, createServiceApp } from '@meridian/server-kit';
import { createTestDatabase, endpointsOf, probeEndpoints, type TestDatabase } from '@meridian/testing';
import { appModule } from '../src/app.module';
import { loadConfig } from '../src/config';

// The probe of apps/campaign-service/test/http-probe.int-spec.ts on this service's endpoints.
describe('reports-service HTTP probe', () => {
  let db: TestDatabase;
  let app: NestFastifyApplication;
  let url: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = loadConfig({ PORT: '0', DATABASE_URL: db.url, LOG_LEVEL: 'silent' });
    app = await createServiceApp(
      appModule(config, createLogger('reports-service', 'silent')),
      createLogger('t', 'silent'),
    );
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('refuses hostile input on every endpoint in the error body, never with a 5xx', async () => {
    const endpoints = endpointsOf('reports');
    expect(endpoints.length).toBeGreaterThan(0);
    expect(await probeEndpoints(url, endpoints)).toEqual([]);
  });
});
