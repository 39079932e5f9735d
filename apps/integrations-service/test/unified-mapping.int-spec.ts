import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  connectionMessages,
  crmMappingSetDefaultContract,
  crmMappingUpdateContract,
  crmPushConfigured,
  type Endpoint,
  type PersonMappingRow,
  personFieldCreateContract,
  personMappingGetDestinationContract,
  salesforceConnectionCompleteContract,
  unifiedMappingGetContract,
  unifiedMappingMessages as m,
} from '@meridian/contracts';
import { createLogger, createServiceApp } from '@meridian/server-kit';
import {
  createTestDatabase,
  eventually,
  type SignedIn,
  startTestPlatform,
  type TestDatabase,
  type TestPlatform,
} from '@meridian/testing';
import { Client } from 'pg';
import request from 'supertest';
import { appModule } from '../src/app.module';
import { loadConfig } from '../src/config';
import { UnifiedMappingService } from '../src/modules/salesforce/mapping/unified-mapping.service';
import { type CampaignProcess, startCampaignProcess } from './support/campaign-process';
import { LEAD_FIELDS, CONTACT_FIELDS } from './support/salesforce-describe';

/**
 * The unified mapping against the real campaign service (the person fields' owner, its own
 * process on the same database) and the Salesforce describe as the connection stores it.
 */
describe(UnifiedMappingService.name, () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let app: NestFastifyApplication;
  let campaign: CampaignProcess;
  let sqlClient: Client;
  let admin: SignedIn;
  let user: SignedIn;
  let stranger: SignedIn;

  const call = (contract: Endpoint, body: unknown, who: SignedIn) =>
    request(app.getHttpServer())
      .post(contract.fullPath)
      .set({ Authorization: `Bearer ${who.bearer}` })
      .send(body as object);
  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await sqlClient.query(text, params)).rows as T[];

  /** A Salesforce connection after login and describe (what the connection part stores). */
  async function salesforceConnection(who: SignedIn, name = 'Acme Salesforce'): Promise<string> {
    const [row] = await sql<{ id: string }>(
      `INSERT INTO integrations.salesforce_connections (organisation_id, name, instance_url)
       VALUES ($1, $2, 'https://acme.my.salesforce.com') RETURNING id`,
      [who.organisation.id, name],
    );
    await sql(
      `INSERT INTO integrations.salesforce_object_fields (connection_id, object, fields)
       VALUES ($1, 'lead', $2::jsonb), ($1, 'contact', $3::jsonb)`,
      [row!.id, JSON.stringify(LEAD_FIELDS), JSON.stringify(CONTACT_FIELDS)],
    );
    return row!.id;
  }

  const rowOf = (rows: PersonMappingRow[], name: string) => rows.find((r) => r.destination.name === name);
  const pushConfigured = (organisationId: string) =>
    sql<{ payload: { enabled: boolean; fields: string[]; connection_id: string } }>(
      `SELECT payload FROM events.log WHERE topic = $1 AND key = $2 ORDER BY "offset"`,
      [crmPushConfigured.name, organisationId],
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    platform = await startTestPlatform(db.url);
    campaign = await startCampaignProcess(db.url, platform);
    const config = loadConfig({
      PORT: '0',
      DATABASE_URL: db.url,
      LOG_LEVEL: 'silent',
      AUTH_SERVICE_URL: platform.authServiceUrl,
      CAMPAIGN_SERVICE_URL: campaign.url,
    });
    const logger = createLogger('integrations-service', 'silent');
    app = await createServiceApp(appModule(config, logger), logger);
    sqlClient = new Client({ connectionString: db.url });
    await sqlClient.connect();
  }, 240_000);

  beforeEach(async () => {
    admin = await platform.newOrganisation();
    user = await platform.newUser(admin);
    stranger = await platform.newOrganisation();
  });

  afterAll(async () => {
    await sqlClient?.end();
    await app?.close();
    await campaign?.stop();
    await platform?.stop();
    await db?.drop();
  });

  describe('reads', () => {
    it('lists the person fields, email first, and the banner state when no Salesforce source exists', async () => {
      const { body } = await call(unifiedMappingGetContract, {}, user).expect(200);
      expect(body.has_crm_source).toBe(false);
      expect(body.sources).toEqual([]);
      expect(body.mapped_count).toBe(0);
      const names = (body.mapping as PersonMappingRow[]).map((r) => r.destination.name);
      expect(names.slice(0, 6)).toEqual([
        'email',
        'first_name',
        'last_name',
        'title',
        'company_name',
        'phone_number',
      ]);
      expect(body.mapping[0]).toEqual({
        destination: expect.objectContaining({
          name: 'email',
          type: 'string',
          sub_type: 'email',
          primary_key: true,
        }),
        source: [],
      });
    });

    it('gives the destinations alone, with their flags', async () => {
      const { body } = await call(personMappingGetDestinationContract, {}, user).expect(200);
      expect(body.destinations[0]).toMatchObject({ name: 'email', required: true, primary_key: true });
      expect(body.destinations.find((d: { name: string }) => d.name === 'org_id')).toMatchObject({
        read_only: true,
        updatable: false,
        custom: false,
      });
    });

    it('shows the Salesforce connection as a source with its Lead and Contact fields', async () => {
      const id = await salesforceConnection(admin);
      const { body } = await call(unifiedMappingGetContract, {}, user).expect(200);
      expect(body.has_crm_source).toBe(true);
      expect(body.sources).toEqual([
        expect.objectContaining({ connection_id: id, type: 'salesforce', name: 'Acme Salesforce' }),
      ]);
      expect(body.sources[0].fields.lead.map((f: { name: string }) => f.name)).toContain('Company');
      // The integration user cannot see it: not offered.
      expect(body.sources[0].fields.contact.map((f: { name: string }) => f.name)).not.toContain('Secret__c');
      const other = await call(unifiedMappingGetContract, {}, stranger).expect(200);
      expect(other.body.has_crm_source).toBe(false);
    });
  });

  describe('person-field.create', () => {
    it('creates a custom field through the contacts owner: snake-case name, the entered display', async () => {
      const { body } = await call(
        personFieldCreateContract,
        { name: 'Seats Purchased', type: 'integer' },
        admin,
      ).expect(200);
      expect(body.field).toEqual({ name: 'seats_purchased', display: 'Seats Purchased', type: 'integer' });
      const mapping = await call(unifiedMappingGetContract, {}, admin).expect(200);
      const rows = mapping.body.mapping as PersonMappingRow[];
      expect(rows[rows.length - 1]!.destination).toMatchObject({
        name: 'seats_purchased',
        display: 'Seats Purchased',
        type: 'integer',
        custom: true,
      });
      const others = await call(personMappingGetDestinationContract, {}, stranger).expect(200);
      expect(others.body.destinations.map((d: { name: string }) => d.name)).not.toContain('seats_purchased');
    });

    it('refuses an empty name, a name that is already a field, and users', async () => {
      const empty = await call(personFieldCreateContract, { name: '  ', type: 'string' }, admin).expect(400);
      expect(empty.body.fields).toEqual({ name: [m.fieldNameRequired] });
      const taken = await call(
        personFieldCreateContract,
        { name: 'First Name', type: 'string' },
        admin,
      ).expect(400);
      expect(taken.body.fields).toEqual({ name: [m.fieldExists] });
      const symbols = await call(personFieldCreateContract, { name: '!!!', type: 'string' }, admin).expect(
        400,
      );
      expect(symbols.body.fields).toEqual({ name: [m.fieldNameInvalid] });
      const denied = await call(personFieldCreateContract, { name: 'Region', type: 'string' }, user).expect(
        403,
      );
      expect(denied.body.description).toBe(connectionMessages.adminsOnly);
    });
  });

  describe('crm-mapping.set-default', () => {
    it('auto-maps Lead and Contact fields by name and label, overwriting, and tells the CRM feed', async () => {
      await call(personFieldCreateContract, { name: 'Seats Purchased', type: 'integer' }, admin).expect(200);
      const id = await salesforceConnection(admin);
      const { body } = await call(
        crmMappingSetDefaultContract,
        { connection_type: 'salesforce', connection_id: id, auto_map: true },
        admin,
      ).expect(200);
      const rows = body.mapping as PersonMappingRow[];
      const source = (name: string) => rowOf(rows, name)!.source;
      expect(source('email')).toEqual([
        {
          connection_id: id,
          type: 'salesforce',
          field: { contact: 'Email', lead: 'Email' },
          sync_preference: 'always_use_connection',
        },
      ]);
      expect(source('first_name')[0]).toMatchObject({
        field: { contact: 'FirstName', lead: 'FirstName' },
        sync_preference: 'two_way',
      });
      expect(source('company_name')[0]!.field).toEqual({ contact: null, lead: 'Company' });
      expect(source('phone_number')[0]!.field).toEqual({ contact: 'Phone', lead: 'Phone' });
      expect(source('seats_purchased')[0]!.field).toEqual({ contact: null, lead: 'Seats_Purchased__c' });
      expect(source('org_id')).toEqual([]);
      expect(body.mapped_count).toBe(7);

      const feed = await eventually(
        async () => {
          const events = await pushConfigured(admin.organisation.id);
          return events.length > 0 ? events : undefined;
        },
        { what: 'the crmPushConfigured event', timeoutMs: 30_000 },
      );
      expect(feed[feed.length - 1]!.payload).toMatchObject({
        connection_id: id,
        enabled: false,
        fields: [
          'email',
          'company_name',
          'first_name',
          'last_name',
          'phone_number',
          'seats_purchased',
          'title',
        ],
      });

      const reset = await call(
        crmMappingSetDefaultContract,
        { connection_type: 'salesforce', connection_id: id, auto_map: false },
        admin,
      ).expect(200);
      expect(reset.body.mapped_count).toBe(1);
      expect(rowOf(reset.body.mapping, 'email')!.source).toHaveLength(1);
    });

    it("is admin-only and finds no other organisation's connection", async () => {
      const id = await salesforceConnection(admin);
      const body = { connection_type: 'salesforce', connection_id: id, auto_map: true };
      await call(crmMappingSetDefaultContract, body, user).expect(403);
      const missing = await call(crmMappingSetDefaultContract, body, stranger).expect(404);
      expect(missing.body.description).toBe(m.connectionNotFound);
      await call(crmMappingSetDefaultContract, { ...body, connection_id: 'not-a-uuid' }, admin).expect(404);
    });
  });

  describe('crm-mapping.update', () => {
    const save = (who: SignedIn, mapping: unknown[]) =>
      call(crmMappingUpdateContract, { person_mapping: { mapping } }, who);

    it('stores the mapping: unset entries become null, sources with neither are dropped, email stays the key', async () => {
      const id = await salesforceConnection(admin);
      const { body } = await save(admin, [
        {
          destination: { name: 'email' },
          source: [
            { connection_id: id, field: { contact: 'Email', lead: 'Email' }, sync_preference: 'two_way' },
          ],
        },
        {
          destination: { name: 'title' },
          source: [
            {
              connection_id: id,
              field: { contact: '', lead: 'Title' },
              sync_preference: 'prefer_connection',
            },
          ],
        },
        {
          destination: { name: 'first_name' },
          source: [{ connection_id: id, field: { contact: '', lead: null } }],
        },
      ]).expect(200);
      const rows = body.mapping as PersonMappingRow[];
      expect(rowOf(rows, 'email')!.source[0]!.sync_preference).toBe('always_use_connection');
      expect(rowOf(rows, 'title')!.source).toEqual([
        {
          connection_id: id,
          type: 'salesforce',
          field: { contact: null, lead: 'Title' },
          sync_preference: 'prefer_connection',
        },
      ]);
      expect(rowOf(rows, 'first_name')!.source).toEqual([]);
      expect(body.mapped_count).toBe(2);
      const stored = await sql<{ person_field: string }>(
        `SELECT person_field FROM integrations.person_mappings WHERE organisation_id = $1 ORDER BY 1`,
        [admin.organisation.id],
      );
      expect(stored.map((r) => r.person_field)).toEqual(['email', 'title']);
      const read = await call(unifiedMappingGetContract, {}, user).expect(200);
      expect(rowOf(read.body.mapping, 'title')!.source).toHaveLength(1);
    });

    it('refuses incompatible types, unknown fields, a field used twice and a missing preference, by path', async () => {
      const id = await salesforceConnection(admin);
      const { body } = await save(admin, [
        {
          destination: { name: 'first_name' },
          source: [{ connection_id: id, field: { lead: 'NumberOfEmployees' }, sync_preference: 'two_way' }],
        },
        {
          destination: { name: 'last_name' },
          source: [{ connection_id: id, field: { contact: 'Nickname__c' }, sync_preference: 'two_way' }],
        },
        {
          destination: { name: 'title' },
          source: [{ connection_id: id, field: { contact: 'Title' }, sync_preference: 'two_way' }],
        },
        {
          destination: { name: 'company_name' },
          source: [{ connection_id: id, field: { contact: 'Title' }, sync_preference: 'two_way' }],
        },
        { destination: { name: 'phone_number' }, source: [{ connection_id: id, field: { lead: 'Phone' } }] },
      ]).expect(400);
      expect(body.code).toBe('ValidationException');
      expect(body.fields).toEqual({
        'person_mapping.mapping.0.source.0.field.lead': [
          m.incompatibleType('Lead', 'NumberOfEmployees', 'int', 'First Name', 'string'),
        ],
        'person_mapping.mapping.1.source.0.field.contact': [
          m.unknownSalesforceField('Contact', 'Nickname__c'),
        ],
        'person_mapping.mapping.3.source.0.field.contact': [
          m.salesforceFieldTwice('Contact', 'Title', 'Title'),
        ],
        'person_mapping.mapping.4.source.0.sync_preference': [m.syncPreferenceRequired],
      });
      const stored = await sql(`SELECT 1 FROM integrations.person_mappings WHERE organisation_id = $1`, [
        admin.organisation.id,
      ]);
      expect(stored).toEqual([]);
    });

    it("is admin-only, and another organisation's connection or an unknown person field is refused", async () => {
      const id = await salesforceConnection(admin);
      const row = {
        destination: { name: 'title' },
        source: [{ connection_id: id, field: { lead: 'Title' }, sync_preference: 'two_way' }],
      };
      await save(user, [row]).expect(403);
      await save(stranger, [row]).expect(404);
      const unknown = await save(admin, [{ ...row, destination: { name: 'no_such_field' } }]).expect(400);
      expect(unknown.body.fields).toEqual({
        'person_mapping.mapping.0.destination.name': [m.unknownPersonField],
      });
    });
  });

  describe('connection.complete', () => {
    it('refuses to start a sync with nothing mapped, then completes with automap and starts it', async () => {
      const id = await salesforceConnection(admin);
      const empty = await call(
        salesforceConnectionCompleteContract,
        { connection_id: id, automap: false, start_sync: true },
        admin,
      ).expect(400);
      expect(empty.body.description).toBe(m.nothingMapped);

      const { body } = await call(
        salesforceConnectionCompleteContract,
        { connection_id: id, automap: true, start_sync: true },
        admin,
      ).expect(200);
      expect(body).toMatchObject({
        connection_id: id,
        setup_complete: true,
        is_sync_enabled: true,
        is_sync_active: true,
      });
      expect(body.next_run_at).not.toBeNull();
      expect(body.mapped_count).toBeGreaterThan(1);
      const feed = await eventually(
        async () => {
          const events = await pushConfigured(admin.organisation.id);
          return events.some((e) => e.payload.enabled) ? events : undefined;
        },
        { what: 'the enabled crmPushConfigured event', timeoutMs: 30_000 },
      );
      expect(feed.find((e) => e.payload.enabled)!.payload.fields).toContain('first_name');
    });

    it('finishes setup without starting the sync (Custom settings)', async () => {
      const id = await salesforceConnection(admin);
      const { body } = await call(
        salesforceConnectionCompleteContract,
        { connection_id: id, automap: false, start_sync: false },
        admin,
      ).expect(200);
      expect(body).toMatchObject({
        setup_complete: true,
        is_sync_enabled: false,
        next_run_at: null,
        mapped_count: 0,
      });
    });

    it("is admin-only and 404 for another organisation's connection", async () => {
      const id = await salesforceConnection(admin);
      const input = { connection_id: id, automap: true, start_sync: true };
      await call(salesforceConnectionCompleteContract, input, user).expect(403);
      await call(salesforceConnectionCompleteContract, input, stranger).expect(404);
      const [row] = await sql<{ setup_complete: boolean }>(
        `SELECT setup_complete FROM integrations.salesforce_connections WHERE id = $1`,
        [id],
      );
      expect(row!.setup_complete).toBe(false);
    });
  });
});
