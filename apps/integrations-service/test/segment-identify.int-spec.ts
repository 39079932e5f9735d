import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Analytics } from '@segment/analytics-node';
import { eventually, type SignedIn, freePort } from '@meridian/testing';
import { type SegmentTestApp, startSegmentTestApp } from './support/segment-test-app';

const root = join(__dirname, '..', '..', '..');

/**
 * From the official client to the contact database: identify upserts the contact through the
 * campaign service's bulk write path (contactsSynced), and track calls become its product
 * activity. The campaign service runs as its own process (the built server code) on the same
 * database, as it does in production.
 */
describe('Segment identify and track, end to end', () => {
  let t: SegmentTestApp;
  let campaign: ChildProcess;
  let uploads: string;
  let admin: SignedIn;
  let writeKey: string;

  beforeAll(async () => {
    t = await startSegmentTestApp();
    uploads = await mkdtemp(join(tmpdir(), 'segment-e2e-uploads-'));
    const port = await freePort();
    campaign = spawn(process.execPath, [join(root, 'dist/server/apps/campaign-service/src/main.js')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: t.db.url,
        AUTH_SERVICE_URL: t.platform.authServiceUrl,
        SMTP_URL: t.platform.mails.url,
        UPLOAD_DIR: uploads,
        MERIDIAN_MODE: 'local',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await eventually(
      async () => (await fetch(`http://127.0.0.1:${port}/api/campaign/v1/health`).catch(() => null))?.ok,
      { what: 'the campaign service to start', timeoutMs: 90_000 },
    );
    admin = await t.platform.newOrganisation();
    writeKey = await t.newWriteKey(admin);
  }, 240_000);

  afterAll(async () => {
    if (campaign && campaign.exitCode === null) {
      await new Promise<void>((done) => {
        campaign.once('exit', () => done());
        campaign.kill('SIGTERM');
      });
    }
    await t?.close();
    if (uploads) await rm(uploads, { recursive: true, force: true });
  });

  it('creates the contact from identify and files its track calls as product activity', async () => {
    const analytics = new Analytics({ writeKey, host: t.url, flushAt: 10, flushInterval: 100 });
    analytics.identify({
      userId: 'u-42',
      traits: { email: 'Grace@Example.com', firstName: 'Grace', lastName: 'Hopper', title: 'Rear Admiral' },
    });
    await analytics.closeAndFlush({ timeout: 60_000 });
    const [person] = await eventually(
      async () => {
        const rows = await t.sql<{
          id: string;
          first_name: string;
          last_name: string;
          title: string;
          product_user_id: string;
        }>(
          `SELECT id, first_name, last_name, title, product_user_id FROM campaign.persons
            WHERE organisation_id = $1 AND email = 'grace@example.com'`,
          [admin.organisation.id],
        );
        return rows.length > 0 ? rows : undefined;
      },
      { what: 'the identified contact', timeoutMs: 60_000 },
    );
    expect(person).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      title: 'Rear Admiral',
      product_user_id: 'u-42',
    });

    const later = new Analytics({ writeKey, host: t.url, flushAt: 10, flushInterval: 100 });
    later.track({
      userId: 'u-42',
      event: 'Compiled',
      properties: { language: 'COBOL' },
      context: { traits: { email: 'grace@example.com' } },
    });
    later.page({ userId: 'u-42', name: 'Docs', context: { traits: { email: 'grace@example.com' } } });
    // Her company's account in the product: she becomes one of its product users.
    later.group({ userId: 'u-42', groupId: 'navy', traits: { name: 'US Navy' } });
    // Known by its user id alone: the identify stored it as the contact's product user id.
    later.track({ userId: 'u-42', event: 'Debugged' });
    await later.closeAndFlush({ timeout: 60_000 });
    const activity = await eventually(
      async () => {
        const rows = await t.sql<{ event_name: string; event_properties: object; user_id: string }>(
          `SELECT event_name, event_properties, user_id FROM campaign.person_product_activity
            WHERE person_id = $1 ORDER BY event_name`,
          [person!.id],
        );
        return rows.length === 4 ? rows : undefined;
      },
      { what: 'the product activity', timeoutMs: 60_000 },
    );
    expect(activity).toEqual([
      { event_name: 'Compiled', event_properties: { language: 'COBOL' }, user_id: 'u-42' },
      { event_name: 'Debugged', event_properties: {}, user_id: 'u-42' },
      { event_name: 'Group', event_properties: { name: 'US Navy' }, user_id: 'u-42' },
      { event_name: 'Viewed Docs Page', event_properties: {}, user_id: 'u-42' },
    ]);
    expect(
      await t.sql(
        `SELECT lower(email) AS email, org_id, product_user_id FROM campaign.person_org WHERE organisation_id = $1`,
        [admin.organisation.id],
      ),
    ).toEqual([{ email: 'grace@example.com', org_id: 'navy', product_user_id: 'u-42' }]);
  }, 180_000);
});
