import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  healthContracts,
  healthResponseSchema,
  openApiContracts,
  openApiPageContracts,
} from '@meridian/contracts';
import { createLogger, createServiceApp } from '@meridian/server-kit';
import { createTestDatabase, type TestDatabase } from '@meridian/testing';
import request from 'supertest';
import { appModule } from '../src/app.module';
import { loadConfig } from '../src/config';

describe('reports-service health', () => {
  let db: TestDatabase;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = loadConfig({ PORT: '0', DATABASE_URL: db.url, LOG_LEVEL: 'silent' });
    app = await createServiceApp(
      appModule(config, createLogger('reports-service', 'silent')),
      createLogger('t', 'silent'),
    );
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('answers its health call with the database status', async () => {
    const response = await request(app.getHttpServer()).get(healthContracts.reports.fullPath).expect(200);
    const health = healthResponseSchema.parse(response.body);
    expect(health.database.status).toBe('up');
    expect(health.service).toBe('reports-service');
  });

  it('reports the event transport up (Postgres when no Kafka brokers are configured)', async () => {
    const response = await request(app.getHttpServer()).get(healthContracts.reports.fullPath).expect(200);
    const health = healthResponseSchema.parse(response.body);
    expect(health.events).toEqual({ transport: 'postgres', status: 'up' });
    expect(health.status).toBe('up');
  });

  it('answers unknown paths with the error body', async () => {
    const response = await request(app.getHttpServer()).post('/api/campaign/v2/unknown').send({}).expect(404);
    expect(response.body).toMatchObject({ status_code: 404, code: 'NotFoundException' });
  });

  it('publishes its OpenAPI 3.1 document and a page for people, without a token', async () => {
    const document = await request(app.getHttpServer()).get(openApiContracts.reports.fullPath).expect(200);
    expect(document.body.openapi).toBe('3.1.0');
    expect(Object.keys(document.body.paths)).toContain(healthContracts.reports.fullPath);
    const page = await request(app.getHttpServer()).get(openApiPageContracts.reports.fullPath).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain(`<code>GET ${healthContracts.reports.fullPath}</code>`);
  });
});
