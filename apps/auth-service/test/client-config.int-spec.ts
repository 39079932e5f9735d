import { clientConfigContract } from '@meridian/contracts';
import { createTestDatabase, type TestDatabase } from '@meridian/testing';
import request from 'supertest';
import { startAuthTestApp, type AuthTestApp } from './support/auth-test-app';

const WIDGET = 'https://widget.support.test/loader.js?app=meridian';
const DSN = 'https://0123abcd@o1.ingest.sentry.test/4242';

/** Product decisions, "Third-party pieces": configured by env, served to the browser, none by default. */
describe('client config', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  async function readWith(env: Record<string, string>): Promise<request.Response> {
    const t: AuthTestApp = await startAuthTestApp(env, { database });
    try {
      // No token: the web app reads it before anyone signs in.
      return await request(t.server).get(clientConfigContract.fullPath).expect(200);
    } finally {
      await t.close();
    }
  }

  it('answers that nothing third-party is configured by default, without a token', async () => {
    const response = await readWith({});
    expect(response.body).toEqual({
      support_widget_url: null,
      error_reporting_dsn: null,
      internal_domain: 'meridian.internal',
    });
  });

  it('answers the configured widget, DSN and internal domain', async () => {
    const response = await readWith({
      SUPPORT_WIDGET_URL: WIDGET,
      SENTRY_DSN: DSN,
      INTERNAL_ORG_DOMAIN: 'staff.acme.test',
    });
    expect(response.body).toEqual({
      support_widget_url: WIDGET,
      error_reporting_dsn: DSN,
      internal_domain: 'staff.acme.test',
    });
  });
});
