import {
  connectionsListContract,
  crmPushConfigured,
  type Endpoint,
  integrationConstantsContract,
  MAX_PAGE_NUMBER,
  MAX_PAGE_SIZE,
  salesforceConnectionCreateContract,
  salesforceConnectionDeleteContract,
  salesforceConnectionGetContract,
  salesforceHistoryDetailsContract,
  salesforceMessages,
  salesforceOAuthLoginContract,
  salesforceOAuthUrlContract,
  salesforceObjectsGetContract,
  salesforcePermissionsRecheckContract,
  salesforceSyncRunsListContract,
  salesforceUsageCountContract,
} from '@meridian/contracts';
import { eventually, FakeSalesforce, type SignedIn } from '@meridian/testing';
import { type IntegrationsTestApp, startIntegrationsTestApp } from './support/integrations-test-app';

/**
 * The Salesforce connection against a Salesforce org on loopback, spoken to with the real jsforce
 * client: the OAuth round trip, describes and permissions, token refresh, disconnect.
 */
describe('Salesforce connection', () => {
  let fake: FakeSalesforce;
  let t: IntegrationsTestApp;
  let admin: SignedIn;
  let member: SignedIn;

  beforeAll(async () => {
    fake = await FakeSalesforce.start();
    t = await startIntegrationsTestApp({
      SALESFORCE_LOGIN_URL: fake.baseUrl,
      SALESFORCE_CLIENT_ID: fake.clientId,
      SALESFORCE_CLIENT_SECRET: fake.clientSecret,
    });
    admin = await t.platform.newOrganisation();
    member = await t.platform.newUser(admin);
  });

  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  beforeEach(async () => {
    await t.sql('TRUNCATE integrations.salesforce_connections, integrations.person_mappings CASCADE');
    await t.sql('TRUNCATE integrations.salesforce_api_usage');
  });

  const orgOf = (who: SignedIn) => who.account.organisation_id;
  const post = (contract: Endpoint, body: unknown, who: SignedIn = admin) => t.call(contract, body, who);

  /** Create, the authorize URL, the user's approval at Salesforce, and the login call. */
  async function connect(who: SignedIn = admin): Promise<string> {
    const created = await post(salesforceConnectionCreateContract, { name: 'Sales CRM' }, who).expect(200);
    const id: string = created.body.connection.connection_id;
    const { body } = await post(salesforceOAuthUrlContract, { connection_id: id }, who).expect(200);
    const landing = await fake.approve(body.url);
    expect(landing.pathname).toBe('/salesforce/oauth.complete');
    await post(
      salesforceOAuthLoginContract,
      {
        connection_id: id,
        code: landing.searchParams.get('code'),
        state: landing.searchParams.get('state'),
      },
      who,
    ).expect(200);
    return id;
  }

  async function pushEvents(connectionId: string) {
    const rows = await t.sql<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM integrations.outbox WHERE name = $1 AND payload->>'connection_id' = $2 ORDER BY seq`,
      [crmPushConfigured.name, connectionId],
    );
    return rows.map((r) => r.payload);
  }

  it('connects through the OAuth round trip; the login is sealed and never answered', async () => {
    const usedBefore = fake.apiRequestsUsed;
    const created = await post(salesforceConnectionCreateContract, { name: ' Sales CRM ' }).expect(200);
    expect(created.body.connection).toMatchObject({
      name: 'Sales CRM',
      access_token: null,
      setup_complete: false,
      object_settings: { lead: true, contact: true, account: false, opportunity: false },
      is_sync_enabled: false,
    });
    const id = created.body.connection.connection_id;

    const { body } = await post(salesforceOAuthUrlContract, { connection_id: id }).expect(200);
    const authorize = new URL(body.url);
    expect(`${authorize.origin}`).toBe(fake.baseUrl);
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      'http://localhost:8080/salesforce/oauth.complete',
    );
    expect(authorize.searchParams.get('state')).toHaveLength(32);
    const landing = await fake.approve(body.url);

    const login = await post(salesforceOAuthLoginContract, {
      connection_id: id,
      code: landing.searchParams.get('code'),
      state: landing.searchParams.get('state'),
    }).expect(200);
    const connection = login.body.connection;
    expect(connection).toMatchObject({
      access_token: 'stored',
      instance_url: fake.baseUrl,
      permissions: {
        lead: 'Read and write',
        contact: 'Read and write',
        account: 'Read and write',
        opportunity: 'Read and write',
      },
      sync_settings: { max_allocated: 5000, org_daily_max: 100_000 },
    });
    const text = JSON.stringify(login.body);
    expect(text).not.toMatch(/5Aep|00D8d000001AbCd!/);

    const [stored] = await t.sql<{ tokens_sealed: Buffer; sf_user_id: string; oauth_state: string | null }>(
      'SELECT tokens_sealed, sf_user_id, oauth_state FROM integrations.salesforce_connections WHERE id = $1',
      [id],
    );
    expect(stored!.tokens_sealed.toString('latin1')).not.toMatch(/5Aep|access_token/);
    expect(stored!.sf_user_id).toMatch(/^005/);
    // The state is one-time: the same return cannot log in again.
    expect(stored!.oauth_state).toBeNull();

    const fields = await t.sql<{ object: string; count: number }>(
      `SELECT object, jsonb_array_length(fields)::int AS count FROM integrations.salesforce_object_fields
        WHERE connection_id = $1 ORDER BY object`,
      [id],
    );
    expect(fields.map((f) => f.object)).toEqual(['account', 'contact', 'lead', 'opportunity']);

    // Member reads; the setup calls (limits and four describes) are what the org was charged.
    const got = await post(salesforceConnectionGetContract, {}, member).expect(200);
    expect(got.body.connection).toMatchObject({ connection_id: id, access_token: 'stored' });
    const usage = await post(salesforceUsageCountContract, { connection_id: id }, member).expect(200);
    expect(fake.apiRequestsUsed - usedBefore).toBe(5);
    expect(usage.body).toEqual({
      count: 5,
      max_allocated: 5000,
      org_daily_max: 100_000,
      deferred_calls: 0,
      queued: 0,
    });
  });

  it('lists the connection in the unified list and says Salesforce can be connected', async () => {
    const id = await connect();
    await t.sql(
      `INSERT INTO integrations.salesforce_records (organisation_id, connection_id, object, sf_id, email, time_pulled)
       VALUES ($1, $2, 'lead', '00Q000000000001AAA', 'a@x.com', now()),
              ($1, $2, 'contact', '003000000000001AAA', 'b@x.com', now()),
              ($1, $2, 'contact', '003000000000002AAA', 'c@x.com', now() - interval '2 days')`,
      [orgOf(admin), id],
    );
    const list = await post(connectionsListContract, { page_size: 10, page_number: 1 }, member).expect(200);
    expect(list.body.total_count).toBe(1);
    expect(list.body.connections[0]).toMatchObject({
      connection_id: id,
      source: 'salesforce',
      data_type: 'CRM',
      status: 'paused',
      synced_lead: 1,
      synced_contact: 1,
      access_token: true,
      instance_url: fake.baseUrl,
      is_sync_enabled: false,
    });
    // The CRM row comes first; warehouse rows follow it across pages.
    await t.sql(
      `INSERT INTO integrations.connections (organisation_id, label, typ, host_name, database_name, user_name, secret, time_created)
       SELECT $1, 'Warehouse ' || i, 'postgres', 'db.example.com', 'd', 'u', '\\x00'::bytea, now() - i * interval '1 minute'
         FROM generate_series(1, 3) AS i`,
      [orgOf(admin)],
    );
    const page = async (n: number) =>
      (await post(connectionsListContract, { page_size: 2, page_number: n }, member).expect(200)).body;
    const [first, second] = [await page(1), await page(2)];
    expect([first.total_count, first.page_count]).toEqual([4, 2]);
    expect(first.connections.map((c: { name: string }) => c.name)).toEqual(['Sales CRM', 'Warehouse 1']);
    expect(second.connections.map((c: { name: string }) => c.name)).toEqual(['Warehouse 2', 'Warehouse 3']);
    await t.sql('DELETE FROM integrations.connections WHERE organisation_id = $1', [orgOf(admin)]);

    const constants = await post(integrationConstantsContract, {}, member).expect(200);
    expect(constants.body).toMatchObject({ salesforce_enabled: true, salesforce_login_url: fake.baseUrl });
  });

  // Found by schemathesis: text that is no uuid reached the uuid column and answered 500.
  it('does not find a connection id that is no uuid (404), and refuses a page past the last (400)', async () => {
    for (const contract of [salesforceSyncRunsListContract, salesforceHistoryDetailsContract]) {
      const { body } = await post(contract, { connection_id: '0'.repeat(63) }).expect(404);
      expect(body.description).toBe('Connection not found');
    }
    const deep = { page_number: MAX_PAGE_NUMBER + 1, page_size: MAX_PAGE_SIZE };
    const { body } = await post(connectionsListContract, deep).expect(400);
    expect(Object.keys(body.fields)).toEqual(['page_number']);
    await post(connectionsListContract, { ...deep, page_number: MAX_PAGE_NUMBER }).expect(200);
  });

  it('allows one connection per organisation', async () => {
    await post(salesforceConnectionCreateContract, { name: 'First' }).expect(200);
    const second = await post(salesforceConnectionCreateContract, { name: 'Second' }).expect(400);
    expect(second.body).toMatchObject({
      code: 'SalesforceConnectionExistsException',
      description: salesforceMessages.onlyOne,
    });
    const unnamed = await post(salesforceConnectionCreateContract, { name: '  ' }).expect(400);
    expect(unnamed.body.fields).toEqual({ name: [salesforceMessages.nameRequired] });
  });

  it('refuses a login whose state or code is not the one issued', async () => {
    const created = await post(salesforceConnectionCreateContract, { name: 'CRM' }).expect(200);
    const id = created.body.connection.connection_id;
    const { body } = await post(salesforceOAuthUrlContract, { connection_id: id }).expect(200);
    const landing = await fake.approve(body.url);
    const code = landing.searchParams.get('code');

    const forged = await post(salesforceOAuthLoginContract, { connection_id: id, code, state: 'x' }).expect(
      400,
    );
    expect(forged.body).toMatchObject({
      code: 'SalesforceOAuthStateException',
      description: salesforceMessages.stateMismatch,
    });
    const state = landing.searchParams.get('state');
    const refused = await post(salesforceOAuthLoginContract, {
      connection_id: id,
      code: 'not-a-code',
      state,
    }).expect(400);
    // Salesforce's own message.
    expect(refused.body).toMatchObject({
      code: 'SalesforceLoginFailedException',
      description: 'authentication failure',
    });
    const got = await post(salesforceConnectionGetContract, { connection_id: id }).expect(200);
    expect(got.body.connection.access_token).toBeNull();
  });

  it('shows a field made read-only in Salesforce after the permissions are checked again', async () => {
    const id = await connect();
    await t.sql(
      `INSERT INTO integrations.person_mappings (organisation_id, person_field, destination, sources)
       VALUES ($1, 'phone', '{"name":"phone"}', $2::jsonb)`,
      [
        orgOf(admin),
        JSON.stringify([
          { connection_id: id, type: 'salesforce', field: { contact: 'Phone' }, sync_preference: 'two_way' },
        ]),
      ],
    );
    fake.setFieldAccess('Lead', 'Email', { editable: false });
    fake.setFieldAccess('Contact', 'Phone', { editable: false });
    try {
      const recheck = await post(salesforcePermissionsRecheckContract, { connection_id: id }, member).expect(
        200,
      );
      expect(recheck.body.permissions).toMatchObject({ lead: 'Read only', contact: 'Read only' });
      const objects = await post(salesforceObjectsGetContract, { connection_id: id }, member).expect(200);
      const contact = objects.body.objects.find((o: { object: string }) => o.object === 'contact');
      expect(contact.permission).toBe('Read only');
      expect(contact.fields.find((f: { name: string }) => f.name === 'Phone')).toMatchObject({
        access: 'read_only',
        updateable: false,
      });
    } finally {
      fake.setFieldAccess('Lead', 'Email', { editable: true });
      fake.setFieldAccess('Contact', 'Phone', { editable: true });
    }
    const again = await post(salesforcePermissionsRecheckContract, { connection_id: id }).expect(200);
    expect(again.body.permissions).toMatchObject({ lead: 'Read and write', contact: 'Read and write' });
  });

  it('refreshes an expired session by itself and reseals the new token', async () => {
    const id = await connect();
    const sealed = async () =>
      (
        await t.sql<{ tokens_sealed: Buffer }>(
          'SELECT tokens_sealed FROM integrations.salesforce_connections WHERE id = $1',
          [id],
        )
      )[0]!.tokens_sealed.toString('base64');
    const before = await sealed();
    fake.expireSessions();
    await post(salesforceObjectsGetContract, { connection_id: id, force: true }).expect(200);
    await eventually(async () => (await sealed()) !== before, { what: 'the refreshed token to be resealed' });
    // The resealed token works without another refresh.
    const refreshes = fake.requestLog.filter((r) => r.path === '/services/oauth2/token').length;
    await post(salesforcePermissionsRecheckContract, { connection_id: id }).expect(200);
    expect(fake.requestLog.filter((r) => r.path === '/services/oauth2/token').length).toBe(refreshes);

    // A revoked app cannot refresh: the login is forgotten and asked for again.
    fake.revokeAuthorization();
    fake.expireSessions();
    const refused = await post(salesforcePermissionsRecheckContract, { connection_id: id }).expect(400);
    expect(refused.body).toMatchObject({
      code: 'SalesforceNotLoggedInException',
      description: salesforceMessages.notLoggedIn,
    });
    const got = await post(salesforceConnectionGetContract, { connection_id: id }).expect(200);
    expect(got.body.connection.access_token).toBeNull();
  });

  it('disconnects: revokes at Salesforce, leaves the mapping and stops the push feed', async () => {
    const id = await connect();
    await t.sql(
      `INSERT INTO integrations.person_mappings (organisation_id, person_field, destination, sources)
       VALUES ($1, 'title', '{"name":"title"}', $2::jsonb)`,
      [
        orgOf(admin),
        JSON.stringify([
          { connection_id: 'warehouse-1', type: 'postgres', field: {}, sync_preference: 'two_way' },
          { connection_id: id, type: 'salesforce', field: { lead: 'Title' }, sync_preference: 'two_way' },
        ]),
      ],
    );
    const revokes = () => fake.requestLog.filter((r) => r.path === '/services/oauth2/revoke').length;
    const revokedBefore = revokes();

    await post(salesforceConnectionDeleteContract, { connection_id: id }, member).expect(403);
    await post(salesforceConnectionDeleteContract, { connection_id: id }).expect(200);

    expect(revokes()).toBe(revokedBefore + 1);
    const [mapping] = await t.sql<{ sources: Array<{ connection_id: string }> }>(
      `SELECT sources FROM integrations.person_mappings WHERE person_field = 'title'`,
    );
    expect(mapping!.sources.map((s) => s.connection_id)).toEqual(['warehouse-1']);
    expect((await pushEvents(id)).at(-1)).toMatchObject({ enabled: false, fields: ['email'] });
    await post(salesforceConnectionGetContract, { connection_id: id }).expect(404);
    expect((await post(salesforceConnectionGetContract, {}).expect(200)).body.connection).toBeNull();
    // The one-per-organisation rule counts live connections only.
    await post(salesforceConnectionCreateContract, { name: 'Again' }).expect(200);
  });
});
