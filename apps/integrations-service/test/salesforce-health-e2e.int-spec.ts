import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  type Endpoint,
  salesforceErrorClassQueryContract,
  salesforceErrorsListContract,
  salesforceErrorsResyncContract,
} from '@meridian/contracts';
import {
  createTestDatabase,
  eventually,
  FakeSalesforce,
  type SignedIn,
  startTestPlatform,
  type TestDatabase,
  type TestPlatform,
} from '@meridian/testing';
import { Client } from 'pg';
import request from 'supertest';
import { type CampaignProcess, startCampaignProcess } from './support/campaign-process';
import {
  connectSalesforce,
  exportPersons,
  mapFields,
  runNow,
  settled,
  startSalesforceSyncApp,
} from './support/salesforce-sync-support';

const SLOW = 300_000;

/** The engine files a field permission error; fixing the permission and RESYNC puts the value in Salesforce. */
describe('Salesforce sync health, end to end', () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let app: NestFastifyApplication;
  let campaign: CampaignProcess;
  let sqlClient: Client;
  let fake: FakeSalesforce;
  let admin: SignedIn;

  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await sqlClient.query(text, params)).rows as T[];
  const call = (contract: Endpoint, body: unknown) =>
    request(app.getHttpServer())
      .post(contract.fullPath)
      .set({ Authorization: `Bearer ${admin.bearer}` })
      .send(body as object);

  beforeAll(async () => {
    db = await createTestDatabase();
    platform = await startTestPlatform(db.url);
    fake = await FakeSalesforce.start();
    app = await startSalesforceSyncApp(db.url, platform, fake);
    campaign = await startCampaignProcess(db.url, platform);
    sqlClient = new Client({ connectionString: db.url });
    await sqlClient.connect();
    admin = await platform.newOrganisation();
  }, 240_000);

  afterAll(async () => {
    await sqlClient?.end();
    await app?.close();
    await campaign?.stop();
    await platform?.stop();
    await fake?.stop();
    await db?.drop();
  }, SLOW);

  it(
    'resolves a field permission error class by resync once the permission is fixed',
    async () => {
      const org = admin.organisation.id;
      fake.seed('Contact', [{ LastName: 'Kim', Email: 'kim@example.com', Title: 'Old' }]);
      const conn = await connectSalesforce(app, sql, fake, org);
      await mapFields(sql, org, conn, [
        { person_field: 'email', lead: 'Email', contact: 'Email', sync_preference: 'always_use_connection' },
        {
          person_field: 'last_name',
          lead: 'LastName',
          contact: 'LastName',
          sync_preference: 'always_use_connection',
        },
        { person_field: 'title', lead: 'Title', contact: 'Title', sync_preference: 'two_way' },
      ]);
      await runNow(app, org, conn);
      await settled(sql, conn, 1);
      const [person] = await sql<{ id: string; title: string }>(
        `SELECT id, title FROM campaign.persons WHERE organisation_id = $1 AND email = 'kim@example.com'`,
        [org],
      );
      expect(person!.title).toBe('Old');

      // The product changes the title; Salesforce refuses it: the integration user cannot edit Title.
      fake.setFieldAccess('Contact', 'Title', { editable: false });
      const [changed] = await sql<{ at: Date }>(
        `UPDATE campaign.persons SET title = 'New', _updated_time = now() WHERE id = $1 RETURNING _updated_time AS at`,
        [person!.id],
      );
      // Stamped with the person's own update time, as the campaign service's exports are.
      await exportPersons(app, org, conn, [
        {
          person_id: person!.id,
          email: 'kim@example.com',
          values: { title: 'New' },
          time_updated: changed!.at.toISOString(),
        },
      ]);
      await eventually(
        async () =>
          (await sql(`SELECT 1 FROM integrations.salesforce_push_queue WHERE connection_id = $1`, [conn]))
            .length === 1,
        { what: 'the push to be queued' },
      );
      await runNow(app, org, conn);
      await settled(sql, conn, 2);
      const listed = await call(salesforceErrorsListContract, { connection_id: conn }).expect(200);
      expect(listed.body.errors).toMatchObject([{ error_class: 'field_permission', count: 1 }]);
      const affected = await call(salesforceErrorClassQueryContract, {
        connection_id: conn,
        error_class: 'field_permission',
      }).expect(200);
      expect(affected.body.records[0]).toMatchObject({ email: 'kim@example.com', meridian_id: person!.id });

      fake.setFieldAccess('Contact', 'Title', { editable: true });
      const resynced = await call(salesforceErrorsResyncContract, {
        connection_id: conn,
        error_names: ['field_permission'],
      }).expect(200);
      expect(resynced.body).toEqual({ resynced: 1 });
      // The campaign service answers the request with the person's current values.
      await eventually(
        async () =>
          (
            await sql(
              `SELECT 1 FROM integrations.salesforce_push_queue WHERE connection_id = $1 AND reason = 'resync'`,
              [conn],
            )
          ).length === 1,
        { what: 'the resync export to be queued', timeoutMs: 60_000 },
      );
      await runNow(app, org, conn);
      await settled(sql, conn, 3);
      expect(fake.find('Contact', 'Email', 'kim@example.com')[0]!.Title).toBe('New');
      const after = await call(salesforceErrorsListContract, { connection_id: conn }).expect(200);
      expect(after.body.total).toBe(0);
    },
    SLOW,
  );
});
