import {
  campaignCreateContract,
  connectionMessages,
  crmPushConfigured,
  type Endpoint,
  integrationConstantsContract,
  salesforceConnectionCreateContract,
  salesforceConnectionDeleteContract,
  salesforceConnectionGetContract,
  salesforceInclusionRemoveContract,
  salesforceInclusionUpdateContract,
  salesforceMessages,
  salesforceOAuthLoginContract,
  salesforceOAuthUrlContract,
  salesforceObjectsGetContract,
  salesforceObjectsUpdateContract,
  salesforcePermissionsRecheckContract,
  salesforceRecordsCreateUpdateContract,
  salesforceRecordsDeleteUpdateContract,
  salesforceSelectiveUpdateContract,
  salesforceSfRecordsCreateUpdateContract,
  salesforceSfRecordsDeleteUpdateContract,
  salesforceSyncPauseContract,
  salesforceSyncResumeContract,
  salesforceSyncSettingsUpdateContract,
  salesforceSyncStartContract,
  salesforceUsageCountContract,
} from '@meridian/contracts';
import { eventually, FakeSalesforce, type SignedIn } from '@meridian/testing';
import { type IntegrationsTestApp, startIntegrationsTestApp } from './support/integrations-test-app';

/** Every call that takes a connection id, with a valid body for it (tenant isolation, admin-only). */
const byId: Array<{ contract: Endpoint; body: Record<string, unknown>; adminOnly: boolean }> = [
  { contract: salesforceConnectionGetContract, body: {}, adminOnly: false },
  { contract: salesforceObjectsGetContract, body: { force: false }, adminOnly: false },
  { contract: salesforcePermissionsRecheckContract, body: {}, adminOnly: false },
  { contract: salesforceUsageCountContract, body: {}, adminOnly: false },
  {
    contract: salesforceObjectsUpdateContract,
    body: { object_settings: { lead: true, contact: true, account: false, opportunity: false } },
    adminOnly: true,
  },
  { contract: salesforceSyncSettingsUpdateContract, body: { max_allocated: 10 }, adminOnly: true },
  { contract: salesforceSyncStartContract, body: {}, adminOnly: true },
  { contract: salesforceSyncPauseContract, body: {}, adminOnly: true },
  { contract: salesforceSyncResumeContract, body: {}, adminOnly: true },
  {
    contract: salesforceInclusionUpdateContract,
    body: { inclusion_list: { list_id: 'l1', list_type: 'static' } },
    adminOnly: true,
  },
  { contract: salesforceInclusionRemoveContract, body: {}, adminOnly: true },
  {
    contract: salesforceSelectiveUpdateContract,
    body: { selective_sync: { lead: { active: false }, contact: { active: false } } },
    adminOnly: true,
  },
  { contract: salesforceSfRecordsCreateUpdateContract, body: { value: true }, adminOnly: true },
  { contract: salesforceSfRecordsDeleteUpdateContract, body: { value: true }, adminOnly: true },
  {
    contract: salesforceRecordsCreateUpdateContract,
    body: { object_create: { lead: true, contact: false } },
    adminOnly: true,
  },
  {
    contract: salesforceRecordsDeleteUpdateContract,
    body: { object_delete: { lead: false, contact: true } },
    adminOnly: true,
  },
  { contract: salesforceOAuthUrlContract, body: {}, adminOnly: true },
  { contract: salesforceOAuthLoginContract, body: { code: 'c', state: 's' }, adminOnly: true },
  { contract: salesforceConnectionDeleteContract, body: {}, adminOnly: true },
];

describe('Salesforce connection settings', () => {
  let fake: FakeSalesforce;
  let t: IntegrationsTestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let stranger: SignedIn;
  let id: string;

  beforeAll(async () => {
    fake = await FakeSalesforce.start({ dailyApiRequests: 20_000 });
    // The campaign service answers whether an inclusion list is the organisation's.
    t = await startIntegrationsTestApp(
      {
        SALESFORCE_LOGIN_URL: fake.baseUrl,
        SALESFORCE_CLIENT_ID: fake.clientId,
        SALESFORCE_CLIENT_SECRET: fake.clientSecret,
      },
      { withCampaign: true },
    );
    admin = await t.platform.newOrganisation();
    member = await t.platform.newUser(admin);
    stranger = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  beforeEach(async () => {
    await t.sql('TRUNCATE integrations.salesforce_connections, integrations.person_mappings CASCADE');
    const created = await post(salesforceConnectionCreateContract, { name: 'CRM' }).expect(200);
    id = created.body.connection.connection_id;
    const { body } = await post(salesforceOAuthUrlContract, { connection_id: id }).expect(200);
    const landing = await fake.approve(body.url);
    await post(salesforceOAuthLoginContract, {
      connection_id: id,
      code: landing.searchParams.get('code'),
      state: landing.searchParams.get('state'),
    }).expect(200);
  });

  const post = (contract: Endpoint, body: unknown, who: SignedIn = admin) => t.call(contract, body, who);
  const pushEvents = async () =>
    (
      await t.sql<{ payload: Record<string, unknown> }>(
        `SELECT payload FROM integrations.outbox WHERE name = $1 AND payload->>'connection_id' = $2 ORDER BY seq`,
        [crmPushConfigured.name, id],
      )
    ).map((row) => row.payload);

  it('caps the API allocation at the org daily limit, with the spec messages', async () => {
    const allocate = (value: unknown) =>
      post(salesforceSyncSettingsUpdateContract, { connection_id: id, max_allocated: value });
    const messageOf = async (value: unknown) => (await allocate(value).expect(400)).body.fields.max_allocated;
    expect(await messageOf(0)).toEqual([salesforceMessages.allocationMin]);
    expect(await messageOf(2.5)).toEqual([salesforceMessages.allocationNotNumber]);
    expect(await messageOf('many')).toEqual([salesforceMessages.allocationNotNumber]);
    expect(await messageOf(undefined)).toEqual([salesforceMessages.allocationRequired]);
    const over = await allocate(20_001).expect(400);
    expect(over.body).toMatchObject({
      code: 'ValidationException',
      description: "API allocation cannot exceed your Salesforce org's daily API limit of 20000",
    });
    const saved = await allocate('20000').expect(200);
    expect(saved.body.connection.sync_settings).toMatchObject({
      max_allocated: 20_000,
      org_daily_max: 20_000,
    });
    const usage = await post(salesforceUsageCountContract, { connection_id: id }).expect(200);
    expect(usage.body).toMatchObject({ max_allocated: 20_000, org_daily_max: 20_000 });
  });

  it('keeps selective sync to checkbox fields of the object, and clears the field when off', async () => {
    const selective = (lead: unknown, contact: unknown = { active: false }) =>
      post(salesforceSelectiveUpdateContract, { connection_id: id, selective_sync: { lead, contact } });
    const missing = await selective({ active: true, field: null }).expect(400);
    expect(missing.body.fields).toEqual({
      'selective_sync.lead.field': [salesforceMessages.selectiveFieldRequired],
    });
    const notBoolean = await selective({ active: true, field: 'Phone' }).expect(400);
    expect(notBoolean.body.description).toBe('Selective sync needs a checkbox field of Salesforce leads');
    await selective({ active: true, field: 'NoSuchField__c' }).expect(400);

    const saved = await selective(
      { active: true, field: 'hasoptedoutofemail' },
      { active: false, field: 'X' },
    ).expect(200);
    expect(saved.body.connection.selective_sync).toEqual({
      lead: { active: true, field: 'HasOptedOutOfEmail' },
      contact: { active: false, field: null },
    });
  });

  it('saves objects and record settings; creating persons needs the object synced', async () => {
    const objects = await post(salesforceObjectsUpdateContract, {
      connection_id: id,
      object_settings: { lead: false, contact: true, account: true, opportunity: false },
    }).expect(200);
    expect(objects.body.connection.object_settings).toEqual({
      lead: false,
      contact: true,
      account: true,
      opportunity: false,
    });
    const refused = await post(salesforceRecordsCreateUpdateContract, {
      connection_id: id,
      object_create: { lead: true, contact: true },
    }).expect(400);
    expect(refused.body.fields).toEqual({
      'object_create.lead': ['Turn on syncing leads before creating them'],
    });
    await post(salesforceRecordsCreateUpdateContract, {
      connection_id: id,
      object_create: { lead: false, contact: true },
    }).expect(200);
    await post(salesforceRecordsDeleteUpdateContract, {
      connection_id: id,
      object_delete: { lead: false, contact: true },
    }).expect(200);
    await post(salesforceSfRecordsCreateUpdateContract, { connection_id: id, value: true }).expect(200);
    const last = await post(salesforceSfRecordsDeleteUpdateContract, {
      connection_id: id,
      value: true,
    }).expect(200);
    expect(last.body.connection).toMatchObject({
      records_create_settings: { lead: false, contact: true },
      records_delete_settings: { lead: false, contact: true },
      salesforce_record_create: true,
      salesforce_record_delete: true,
    });
    const bad = await post(salesforceSfRecordsCreateUpdateContract, {
      connection_id: id,
      value: 'yes',
    }).expect(400);
    expect(bad.body.code).toBe('ValidationException');
  });

  it('starts, pauses and resumes; the push feed hears each change with the mapped fields', async () => {
    const unmapped = await post(salesforceSyncStartContract, { connection_id: id }).expect(400);
    expect(unmapped.body).toMatchObject({
      code: 'SalesforceMappingRequiredException',
      description: salesforceMessages.mappingRequired,
    });
    // Resume is Start's second name only for a sync that was started: a call that skips Start is held to its rule.
    const resumedFirst = await post(salesforceSyncResumeContract, { connection_id: id }).expect(400);
    expect(resumedFirst.body.code).toBe('SalesforceMappingRequiredException');
    const still = await t.sql<{ is_sync_enabled: boolean }>(
      'SELECT is_sync_enabled FROM integrations.salesforce_connections WHERE id = $1',
      [id],
    );
    expect(still).toEqual([{ is_sync_enabled: false }]);
    await t.sql(
      `INSERT INTO integrations.person_mappings (organisation_id, person_field, destination, sources)
       SELECT $1, f, '{}'::jsonb, jsonb_build_array(jsonb_build_object(
                'connection_id', $2::text, 'type', 'salesforce', 'field', '{"lead":"X"}'::jsonb, 'sync_preference', p))
         FROM unnest(ARRAY['title', 'industry', 'email'], ARRAY['two_way', 'always_use_connection', 'two_way']) AS t(f, p)`,
      [admin.account.organisation_id, id],
    );
    // As the setup wizard's last step leaves it: only a complete setup runs.
    await t.sql('UPDATE integrations.salesforce_connections SET setup_complete = true WHERE id = $1', [id]);
    const started = await post(salesforceSyncStartContract, { connection_id: id }).expect(200);
    expect(started.body.connection).toMatchObject({ is_sync_enabled: true, is_sync_active: true });
    expect(Date.parse(started.body.connection.next_run_at)).not.toBeNaN();
    // The first run goes at once, without waiting for the minute's tick (at most a few seconds).
    const runs = await eventually(
      async () => {
        const rows = await t.sql<{ trigger: string }>(
          'SELECT trigger FROM integrations.salesforce_sync_runs WHERE connection_id = $1',
          [id],
        );
        return rows.length > 0 ? rows : undefined;
      },
      { what: 'the first run of the started sync', timeoutMs: 20_000 },
    );
    expect(runs).toHaveLength(1);
    const paused = await post(salesforceSyncPauseContract, { connection_id: id }).expect(200);
    expect(paused.body.connection).toMatchObject({
      is_sync_enabled: true,
      is_sync_active: false,
      next_run_at: null,
    });
    const created = await fetch(`${t.campaignUrl}${campaignCreateContract.fullPath}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Pushed people', campaign_context: 'person' }),
    });
    const listId = ((await created.json()) as { campaign: { campaign_id: string } }).campaign.campaign_id;
    const unknown = await post(salesforceInclusionUpdateContract, {
      connection_id: id,
      inclusion_list: { list_id: 'list-7', list_type: 'dynamic' },
    }).expect(404);
    expect(unknown.body.description).toBe(salesforceMessages.listNotFound);
    await post(salesforceInclusionUpdateContract, {
      connection_id: id,
      inclusion_list: { list_id: listId, list_type: 'dynamic' },
    }).expect(200);
    const resumed = await post(salesforceSyncResumeContract, { connection_id: id }).expect(200);
    expect(resumed.body.connection).toMatchObject({
      is_sync_active: true,
      inclusion_list: { list_id: listId },
    });
    await post(salesforceInclusionRemoveContract, { connection_id: id }).expect(200);

    const events = await pushEvents();
    expect(
      events.map((e) => [e.enabled, (e.inclusion_list as { list_id: string } | null)?.list_id ?? null]),
    ).toEqual([
      [true, null],
      [false, null],
      [false, listId],
      [true, listId],
      [true, null],
    ]);
    // always_use_connection fields are never pushed; email always is, once.
    expect(events[0]!.fields).toEqual(['email', 'title']);

    const badList = await post(salesforceInclusionUpdateContract, {
      connection_id: id,
      inclusion_list: { list_id: 'x', list_type: 'smart' },
    }).expect(400);
    expect(badList.body.fields['inclusion_list.list_type']).toEqual([salesforceMessages.listTypeInvalid]);
  });

  it('refuses changes from members with the connections message; reads are for everyone', async () => {
    for (const { contract, body, adminOnly } of byId) {
      const response = await post(contract, { connection_id: id, ...body }, member);
      if (adminOnly) {
        expect([contract.path, response.status, response.body.description]).toEqual([
          contract.path,
          403,
          connectionMessages.adminsOnly,
        ]);
      } else {
        expect([contract.path, response.status]).toEqual([contract.path, 200]);
      }
    }
    const create = await post(salesforceConnectionCreateContract, { name: 'Mine' }, member).expect(403);
    expect(create.body.description).toBe(connectionMessages.adminsOnly);
  });

  it("answers another organisation's connection id with 404 on every call", async () => {
    for (const { contract, body } of byId) {
      const response = await post(contract, { connection_id: id, ...body }, stranger);
      expect([contract.path, response.status, response.body.description]).toEqual([
        contract.path,
        404,
        salesforceMessages.notFound,
      ]);
    }
    // Nothing of the other organisation's was changed or revealed.
    const own = await post(salesforceConnectionGetContract, {}).expect(200);
    expect(own.body.connection).toMatchObject({
      connection_id: id,
      is_sync_enabled: false,
      access_token: 'stored',
    });
    expect(
      (await post(salesforceConnectionGetContract, {}, stranger).expect(200)).body.connection,
    ).toBeNull();
    await post(salesforceConnectionGetContract, { connection_id: 'not-a-uuid' }).expect(404);
  });
});

describe('Salesforce without a connected app', () => {
  let t: IntegrationsTestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await startIntegrationsTestApp();
    admin = await t.platform.newOrganisation();
  });

  // Closing this app right after it booted once took over the default minute on a heavily loaded
  // 2-core machine (the cause is not found yet). The wider limit is for a hung close only.
  afterAll(async () => {
    await t?.close();
  }, 180_000);

  it('disables the tile and refuses to create a connection', async () => {
    const constants = await t.call(integrationConstantsContract, {}, admin).expect(200);
    expect(constants.body.salesforce_enabled).toBe(false);
    const refused = await t.call(salesforceConnectionCreateContract, { name: 'CRM' }, admin).expect(400);
    expect(refused.body).toMatchObject({
      code: 'SalesforceNotConfiguredException',
      description: salesforceMessages.notConfigured,
    });
  });
});
