import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  activityLogListContract,
  type Endpoint,
  warehouseConnectionCreateContract,
  warehouseSchemaSetContract,
  warehouseDestinationTableListContract,
  warehouseSyncGetContract,
  warehouseSyncMessages,
  warehouseSyncRunListContract,
  warehouseSyncSaveContract,
  warehouseSyncSummaryContract,
  warehouseSyncToggleContract,
} from '@meridian/contracts';
import { createLogger, createServiceApp, JobQueue } from '@meridian/server-kit';
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
import { syncRunJobKey, warehouseSyncRunJob } from '../src/modules/warehouse/syncs/sync.jobs';
import { type CampaignProcess, startCampaignProcess } from './support/campaign-process';
import { createTestWarehouse, type TestWarehouse } from './support/test-warehouse';

/** Pages of 50 rows: the warehouse's 250 customers go in five batches, each committed with its checkpoint. */
const PAGE_ROWS = '50';

type Run = {
  id: string;
  state: string;
  records_read_count: number;
  records_inserted_count: number;
  records_updated_count: number;
  error: string | null;
};

describe('warehouse syncs', () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let app: NestFastifyApplication;
  let campaign: CampaignProcess;
  let sqlClient: Client;
  let warehouse: TestWarehouse;
  let admin: SignedIn;
  let user: SignedIn;
  let stranger: SignedIn;

  async function startApp(): Promise<NestFastifyApplication> {
    const config = loadConfig({
      PORT: '0',
      DATABASE_URL: db.url,
      LOG_LEVEL: 'silent',
      AUTH_SERVICE_URL: platform.authServiceUrl,
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      WAREHOUSE_SYNC_PAGE_ROWS: PAGE_ROWS,
      // The destination list reads the custom person fields from their owner.
      CAMPAIGN_SERVICE_URL: campaign.url,
    });
    const logger = createLogger('integrations-service', 'silent');
    return createServiceApp(appModule(config, logger), logger);
  }

  const call = (contract: Endpoint, body: unknown, who: SignedIn) =>
    request(app.getHttpServer())
      .post(contract.fullPath)
      .set({ Authorization: `Bearer ${who.bearer}` })
      .send(body as object);
  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await sqlClient.query(text, params)).rows as T[];

  async function connect(who: SignedIn, label: string): Promise<string> {
    const created = await call(warehouseConnectionCreateContract, warehouse.connection(label), who).expect(
      200,
    );
    const id = created.body.connection.id as string;
    await call(warehouseSchemaSetContract, { connection_id: id, schema_name: 'analytics' }, who).expect(200);
    return id;
  }

  const customersSync = (connectionId: string) => ({
    connection_id: connectionId,
    sync_interval: 2,
    enable_sync: true,
    tables: [
      {
        table_name: 'customers',
        destination_table_name: 'person',
        columns: [
          { column_name: 'id', destination_column_name: 'customer_id', primary_key: true },
          { column_name: 'email', destination_column_name: 'email', primary_key: false },
          { column_name: 'first_name', destination_column_name: 'first_name', primary_key: false },
          { column_name: 'seats', destination_column_name: 'seats', primary_key: false },
        ],
      },
    ],
  });

  const runs = (connectionId: string) =>
    sql<Run>(
      `SELECT id, state, records_read_count::int, records_inserted_count::int, records_updated_count::int, error
       FROM integrations.warehouse_sync_runs WHERE connection_id = $1 ORDER BY time_sync_started`,
      [connectionId],
    );

  /** Waits for the sync's latest run to finish and its batches to be answered. */
  const settled = (connectionId: string, count: number) =>
    eventually(
      async () => {
        const [row] = await sql<{ n: number; open: number; unanswered: number }>(
          `SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'running')::int AS open,
             COALESCE(sum(batches_published - batches_applied), 0)::int AS unanswered
           FROM integrations.warehouse_sync_runs WHERE connection_id = $1`,
          [connectionId],
        );
        return row!.n === count && row!.open === 0 && row!.unanswered === 0;
      },
      { what: `run ${count} to settle`, timeoutMs: 240_000 },
    );

  const runNow = async (organisationId: string, connectionId: string) => {
    const [sync] = await sql<{ id: string }>(
      `SELECT id FROM integrations.warehouse_syncs WHERE connection_id = $1`,
      [connectionId],
    );
    await app
      .get(JobQueue)
      .enqueue(
        undefined,
        warehouseSyncRunJob,
        { organisationId, syncId: sync!.id },
        { jobKey: syncRunJobKey(sync!.id) },
      );
  };

  const person = async (organisationId: string, email: string) =>
    (
      await sql<{ first_name: string; custom_fields: Record<string, unknown> }>(
        `SELECT first_name, custom_fields FROM campaign.persons WHERE organisation_id = $1 AND email = $2`,
        [organisationId, email],
      )
    )[0];

  beforeAll(async () => {
    db = await createTestDatabase();
    platform = await startTestPlatform(db.url);
    campaign = await startCampaignProcess(db.url, platform);
    app = await startApp();
    sqlClient = new Client({ connectionString: db.url });
    await sqlClient.connect();
    warehouse = await createTestWarehouse();
    admin = await platform.newOrganisation();
    user = await platform.newUser(admin);
    stranger = await platform.newOrganisation();
  }, 240_000);

  afterAll(async () => {
    await sqlClient?.end();
    await app?.close();
    await campaign?.stop();
    await platform?.stop();
    await warehouse?.drop();
    await db?.drop();
  });

  it('lists the person table with its fields and the Custom Table entry', async () => {
    const id = await connect(admin, 'Destinations');
    const { body } = await call(warehouseDestinationTableListContract, { connection_id: id }, admin).expect(
      200,
    );
    expect(body.tables.map((t: { table_name: string }) => t.table_name)).toEqual(['person', 'Custom Table']);
    expect(body.tables[0].columns[0]).toEqual({ name: 'email', required: true });
    expect(body.tables[1]).toMatchObject({
      default: false,
      multi_source: true,
      columns: [{ name: 'email', required: true }],
    });
  });

  it('offers the organisation’s custom person fields as person columns, not only those a sync maps', async () => {
    const owner = await platform.newOrganisation();
    const id = await connect(owner, 'Custom fields');
    await sql(
      `INSERT INTO campaign.person_fields (organisation_id, name, display, type, custom, hidden, read_only, updatable)
       VALUES ($1, 'plan', 'Plan', 'string', true, false, false, true),
              ($1, 'seats', 'Seats', 'integer', true, false, false, true),
              ($1, 'internal_score', 'Internal score', 'integer', true, true, false, true),
              ($1, 'locked_value', 'Locked value', 'string', true, false, true, false)`,
      [owner.organisation.id],
    );
    const { body } = await call(warehouseDestinationTableListContract, { connection_id: id }, owner).expect(
      200,
    );
    const names = body.tables[0].columns.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(['email', 'plan', 'seats']));
    expect(names).not.toContain('internal_score');
    expect(names).not.toContain('locked_value');
    expect(new Set(names).size).toBe(names.length);
  });

  it('refuses a sync without a primary key, from a non-admin, and on another organisation’s connection', async () => {
    const id = await connect(admin, 'Checks');
    const noKey = customersSync(id);
    noKey.tables[0]!.columns[0]!.primary_key = false;
    const refused = await call(warehouseSyncSaveContract, noKey, admin).expect(400);
    expect(refused.body.description).toBe(warehouseSyncMessages.personTablePrimaryKey);

    const forbidden = await call(warehouseSyncSaveContract, customersSync(id), user).expect(403);
    expect(forbidden.body.description).toBe(warehouseSyncMessages.adminsOnly);
    await call(warehouseSyncToggleContract, { connection_id: id, sync_enabled: false }, user).expect(403);

    for (const contract of [
      warehouseSyncSummaryContract,
      warehouseSyncGetContract,
      activityLogListContract,
    ]) {
      await call(contract, { connection_id: id }, stranger).expect(404);
    }
    await call(warehouseSyncRunListContract, { connection_id: id }, stranger).expect(404);
    await call(warehouseDestinationTableListContract, { connection_id: id }, stranger).expect(404);
    await call(warehouseSyncSaveContract, customersSync(id), stranger).expect(404);
    await call(warehouseSyncToggleContract, { connection_id: id, sync_enabled: true }, stranger).expect(404);
  });

  it('pauses clicked twice at once record one pause, and pausing a paused sync records none', async () => {
    const owner = await platform.newOrganisation();
    const id = await connect(owner, 'Twice');
    await call(warehouseSyncSaveContract, customersSync(id), owner).expect(200);
    const answers = await Promise.all(
      [1, 2].map(() => call(warehouseSyncToggleContract, { connection_id: id, sync_enabled: false }, owner)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    for (const answer of answers) expect(answer.body.summary).toMatchObject({ sync_enabled: false });
    await call(warehouseSyncToggleContract, { connection_id: id, sync_enabled: false }, owner).expect(200);
    const types = (
      await call(activityLogListContract, { connection_id: id }, owner).expect(200)
    ).body.records.map((r: { activity_type: string }) => r.activity_type);
    expect(types).toEqual(['sync_paused', 'sync_created']);
  });

  it('refuses tables and columns the warehouse does not have, and a frequency it does not offer, saving nothing', async () => {
    const id = await connect(admin, 'Names');
    const noTable = customersSync(id);
    noTable.tables[0]!.table_name = 'nope';
    const refusedTable = await call(warehouseSyncSaveContract, noTable, admin).expect(400);
    expect(refusedTable.body.fields).toEqual({ 'tables.0': ['Table not found in the schema: nope'] });

    const noColumn = customersSync(id);
    noColumn.tables[0]!.columns.push({
      column_name: 'zzz_missing',
      destination_column_name: 'title',
      primary_key: false,
    });
    const refusedColumn = await call(warehouseSyncSaveContract, noColumn, admin).expect(400);
    expect(refusedColumn.body.fields).toEqual({
      'tables.0': ['Columns not found in customers: zzz_missing'],
    });

    const badInterval = await call(
      warehouseSyncSaveContract,
      { ...customersSync(id), sync_interval: 99 },
      admin,
    ).expect(400);
    expect(badInterval.body.fields).toEqual({ sync_interval: [warehouseSyncMessages.invalidFrequency] });
    // The interval's key, or a fraction, is given but is not an index: it is not 'required'.
    for (const interval of ['1h', true, 1.5]) {
      const wrongType = await call(
        warehouseSyncSaveContract,
        { ...customersSync(id), sync_interval: interval as number },
        admin,
      ).expect(400);
      expect(wrongType.body.fields).toEqual({ sync_interval: [warehouseSyncMessages.invalidFrequency] });
    }
    const { sync_interval: _omitted, ...noInterval } = customersSync(id);
    const missing = await call(warehouseSyncSaveContract, noInterval, admin).expect(400);
    expect(missing.body.fields).toEqual({ sync_interval: [warehouseSyncMessages.frequencyRequired] });
    const [{ n }] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM integrations.warehouse_syncs WHERE connection_id = $1`,
      [id],
    );
    expect(n).toBe(0);
  });

  describe('a destination table another connection of the organisation syncs into', () => {
    type Listed = { table_name: string; used_in_connection: boolean; multi_source: boolean };
    const inUse = async (who: SignedIn, connectionId?: string) => {
      const body = connectionId ? { connection_id: connectionId } : {};
      const { body: answer } = await call(warehouseDestinationTableListContract, body, who).expect(200);
      return Object.fromEntries(
        (answer.tables as Listed[]).map((t) => [t.table_name, [t.used_in_connection, t.multi_source]]),
      );
    };
    const paused = (connectionId: string) => ({ ...customersSync(connectionId), enable_sync: false });
    const customTable = (connectionId: string) => ({
      connection_id: connectionId,
      sync_interval: 2,
      enable_sync: false,
      tables: [
        {
          table_name: 'customers',
          columns: [{ column_name: 'email', destination_column_name: 'email', primary_key: false }],
        },
      ],
    });
    const tablesOf = (connectionId: string) =>
      sql<{ destination_table_name: string | null }>(
        `SELECT t.destination_table_name FROM integrations.warehouse_sync_tables t
         JOIN integrations.warehouse_syncs s ON s.id = t.sync_id WHERE s.connection_id = $1 ORDER BY t.position`,
        [connectionId],
      );

    it('is flagged used_in_connection for the other connections only, and a save cannot take the person table', async () => {
      const owner = await platform.newOrganisation();
      const first = await connect(owner, 'First source');
      const second = await connect(owner, 'Second source');
      expect(await inUse(owner, second)).toEqual({ person: [false, false], 'Custom Table': [false, true] });

      await call(warehouseSyncSaveContract, paused(first), owner).expect(200);
      expect(await inUse(owner, second)).toEqual({ person: [true, false], 'Custom Table': [false, true] });
      // The connection's own sync does not count; without a connection, every sync does.
      expect(await inUse(owner, first)).toEqual({ person: [false, false], 'Custom Table': [false, true] });
      expect(await inUse(owner)).toEqual({ person: [true, false], 'Custom Table': [false, true] });

      const refused = await call(warehouseSyncSaveContract, paused(second), owner).expect(400);
      const text = warehouseSyncMessages.destinationTableInOtherConnection;
      expect(refused.body).toMatchObject({
        description: text,
        fields: { tables: [text], 'tables.0': [text] },
      });
      expect(await tablesOf(second)).toEqual([]);

      // The custom table is multi-source: both connections may feed it.
      await call(warehouseSyncSaveContract, customTable(second), owner).expect(200);
      expect(await inUse(owner, first)).toEqual({ person: [false, false], 'Custom Table': [true, true] });
      // The first connection's sync stays editable: a new column, and a custom table too.
      const more = paused(first);
      more.tables[0]!.columns.push({
        column_name: 'is_paying',
        destination_column_name: 'is_paying',
        primary_key: false,
      });
      more.tables.push({
        table_name: 'paying_customers',
        columns: [{ column_name: 'email', destination_column_name: 'email', primary_key: false }],
      } as (typeof more.tables)[number]);
      await call(warehouseSyncSaveContract, more, owner).expect(200);
      expect(await tablesOf(first)).toEqual([
        { destination_table_name: 'person' },
        { destination_table_name: null },
      ]);
      expect(await tablesOf(second)).toEqual([{ destination_table_name: null }]);

      // Another organisation's syncs are no concern of this one.
      const elsewhere = await connect(stranger, 'Stranger source');
      expect(await inUse(stranger, elsewhere)).toEqual({
        person: [false, false],
        'Custom Table': [false, true],
      });
    });

    it('goes to one connection only when two save it at once', async () => {
      const owner = await platform.newOrganisation();
      const ids = [await connect(owner, 'Racing one'), await connect(owner, 'Racing two')];
      const answers = await Promise.all(ids.map((id) => call(warehouseSyncSaveContract, paused(id), owner)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      const loser = answers.find((a) => a.status === 400)!;
      expect(loser.body.description).toBe(warehouseSyncMessages.destinationTableInOtherConnection);
      const [{ n }] = await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM integrations.warehouse_sync_tables t
         JOIN integrations.warehouse_syncs s ON s.id = t.sync_id
         WHERE s.connection_id = ANY($1::uuid[]) AND t.destination_table_name = 'person'`,
        [ids],
      );
      expect(n).toBe(1);
    });
  });

  it('syncs every row, then only the rows that changed; a saved sync takes new columns but keeps its own', async () => {
    const org = admin.organisation.id;
    const id = await connect(admin, 'Customers');
    const saved = await call(warehouseSyncSaveContract, customersSync(id), admin).expect(200);
    expect(saved.body.sync).toMatchObject({ connection_id: id, sync_interval: 2, enable_sync: true });
    await settled(id, 1);
    const [first] = await runs(id);
    expect(first).toMatchObject({
      state: 'finished',
      records_read_count: 250,
      records_inserted_count: 250,
      records_updated_count: 0,
    });
    expect(await person(org, 'person7@example.com')).toEqual({
      first_name: 'Name 7',
      custom_fields: { customer_id: '7', seats: 7 },
    });
    const summary = await call(warehouseSyncSummaryContract, { connection_id: id }, user).expect(200);
    expect(summary.body.summary).toMatchObject({
      sync_enabled: true,
      error: null,
      records_synced_count: 250,
      total_records_synced_count: 250,
      table_count: 1,
    });
    expect(summary.body.summary.next_run_time).not.toBeNull();

    await warehouse.sql(
      `UPDATE analytics.customers SET first_name = 'Changed ' || id WHERE id IN (3, 60, 249)`,
    );
    await runNow(org, id);
    await settled(id, 2);
    const second = (await runs(id))[1];
    expect(second).toMatchObject({
      state: 'finished',
      records_read_count: 3,
      records_inserted_count: 0,
      records_updated_count: 3,
    });
    expect((await person(org, 'person60@example.com'))?.first_name).toBe('Changed 60');

    // Locked: a removed column is refused; a new column is taken and reaches every row.
    const fewer = customersSync(id);
    fewer.tables[0]!.columns.pop();
    expect((await call(warehouseSyncSaveContract, fewer, admin).expect(400)).body.description).toBe(
      warehouseSyncMessages.locked,
    );
    const more = customersSync(id);
    more.tables[0]!.columns.push({
      column_name: 'is_paying',
      destination_column_name: 'is_paying',
      primary_key: false,
    });
    await call(warehouseSyncSaveContract, more, admin).expect(200);
    await settled(id, 3);
    expect((await person(org, 'person8@example.com'))?.custom_fields).toEqual({
      customer_id: '8',
      seats: 8,
      is_paying: true,
    });

    const activities = await call(activityLogListContract, { connection_id: id }, user).expect(200);
    expect(activities.body.records.map((r: { activity_type: string }) => r.activity_type)).toEqual([
      'sync_edited',
      'sync_created',
    ]);
    const history = await call(warehouseSyncRunListContract, { connection_id: id }, user).expect(200);
    expect(history.body.total_count).toBe(3);
  });

  /** Saves a sync of a cursor table (email and title, by updated_at) that runs when asked. */
  const saveCursorSync = (connectionId: string, table: string) =>
    call(
      warehouseSyncSaveContract,
      {
        connection_id: connectionId,
        sync_interval: 0,
        tables: [
          {
            table_name: table,
            cursor_column: 'updated_at',
            columns: [
              { column_name: 'email', destination_column_name: 'email' },
              { column_name: 'title', destination_column_name: 'title' },
            ],
          },
        ],
      },
      admin,
    ).expect(200);

  it('reads a cursor table past its high-water mark only', async () => {
    const org = admin.organisation.id;
    await warehouse.sql(`
      CREATE TABLE analytics.accounts (id int PRIMARY KEY, email text, title text, updated_at timestamptz NOT NULL);
      INSERT INTO analytics.accounts SELECT n, 'acct' || n || '@example.com', 'T' || n, timestamptz '2026-01-01' + n * interval '1 second'
        FROM generate_series(1, 120) n;
      GRANT SELECT ON analytics.accounts TO ${warehouse.user};`);
    const id = await connect(admin, 'Accounts');
    await saveCursorSync(id, 'accounts');
    await settled(id, 1);
    await warehouse.sql(`UPDATE analytics.accounts SET title = 'New', updated_at = now() WHERE id IN (5, 6)`);
    await runNow(org, id);
    await settled(id, 2);
    expect((await runs(id)).map((r) => r.records_read_count)).toEqual([120, 2]);
    expect(
      (
        await sql(
          `SELECT title FROM campaign.persons WHERE organisation_id = $1 AND email = 'acct5@example.com'`,
          [org],
        )
      )[0],
    ).toEqual({ title: 'New' });
  });

  it('syncs the rows of a cursor table that have no cursor value, new or changed, by their content', async () => {
    const org = admin.organisation.id;
    await warehouse.sql(`
      CREATE TABLE analytics.leads (id int PRIMARY KEY, email text, title text, updated_at timestamptz);
      INSERT INTO analytics.leads SELECT n, 'lead' || n || '@example.com', 'T' || n,
             CASE WHEN n % 10 = 0 THEN NULL ELSE timestamptz '2026-01-01' + n * interval '1 second' END
        FROM generate_series(1, 120) n;
      GRANT SELECT ON analytics.leads TO ${warehouse.user};`);
    const id = await connect(admin, 'Leads');
    await saveCursorSync(id, 'leads');
    await settled(id, 1);
    const title = async (n: number) =>
      (
        await sql<{ title: string }>(
          `SELECT title FROM campaign.persons WHERE organisation_id = $1 AND email = $2`,
          [org, `lead${n}@example.com`],
        )
      )[0]?.title;
    expect(await title(10)).toBe('T10');
    // One row without a cursor changes, one is added; the other eleven are read but not sent again.
    await warehouse.sql(`UPDATE analytics.leads SET title = 'Changed' WHERE id = 20;
      INSERT INTO analytics.leads VALUES (121, 'lead121@example.com', 'T121', NULL);`);
    await runNow(org, id);
    await settled(id, 2);
    expect((await runs(id)).map((r) => r.records_read_count)).toEqual([120, 2]);
    expect([await title(20), await title(121)]).toEqual(['Changed', 'T121']);
    await runNow(org, id);
    await settled(id, 3);
    expect((await runs(id)).map((r) => r.records_read_count)).toEqual([120, 2, 0]);
  });

  it('pauses on a warehouse error with the error, and resumes without losing or repeating rows', async () => {
    // An organisation of its own: the person table of the first one is taken by 'Customers'.
    const owner = await platform.newOrganisation();
    const org = owner.organisation.id;
    const id = await connect(owner, 'Breaks');
    // Saved while the table is readable (a save checks what it adds exists), enabled once it is not.
    await call(warehouseSyncSaveContract, { ...customersSync(id), enable_sync: false }, owner).expect(200);
    await warehouse.sql(`REVOKE SELECT ON analytics.customers FROM ${warehouse.user}`);
    await call(warehouseSyncSaveContract, customersSync(id), owner).expect(200);
    const paused = await eventually(
      async () => {
        const { body } = await call(warehouseSyncSummaryContract, { connection_id: id }, owner).expect(200);
        return body.summary.error ? body.summary : undefined;
      },
      { what: 'the sync to pause', timeoutMs: 120_000 },
    );
    expect(paused).toMatchObject({ sync_enabled: false, next_run_time: null });
    expect(Object.keys(paused.error)).toEqual(['Sync Paused']);
    expect(paused.error['Sync Paused']).toMatch(/permission denied/i);

    await warehouse.sql(`GRANT SELECT ON analytics.customers TO ${warehouse.user}`);
    const resumed = await call(
      warehouseSyncToggleContract,
      { connection_id: id, sync_enabled: true },
      owner,
    ).expect(200);
    expect(resumed.body.summary).toMatchObject({ sync_enabled: true, error: null });
    await settled(id, 2);
    const all = await runs(id);
    expect(all.map((r) => r.state)).toEqual(['failed', 'finished']);
    expect(all[1]).toMatchObject({ records_read_count: 250, records_inserted_count: 250 });
    const types = (
      await call(activityLogListContract, { connection_id: id }, owner).expect(200)
    ).body.records.map((r: { activity_type: string; account_id: string | null }) => [
      r.activity_type,
      r.account_id === null,
    ]);
    expect(types).toEqual([
      ['sync_resumed', false],
      ['sync_paused', true],
      ['sync_created', false],
    ]);
    expect(await person(org, 'person9@example.com')).toBeDefined();
    const [{ n }] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM campaign.persons WHERE organisation_id = $1`,
      [org],
    );
    expect(n).toBe(250);
  });

  it('goes on from its checkpoint after the service stops mid-run, publishing each row once', async () => {
    const other = await platform.newOrganisation();
    const org = other.organisation.id;
    // A slow view: each row read costs the warehouse 40 ms, so a page of 50 takes seconds.
    await warehouse.sql(`
      CREATE FUNCTION analytics.slowly(value text) RETURNS text LANGUAGE plpgsql AS
        $$ BEGIN PERFORM pg_sleep(0.04); RETURN value; END $$;
      CREATE VIEW analytics.slow_customers AS
        SELECT c.id, analytics.slowly(c.email) AS email, c.first_name FROM analytics.customers c;
      GRANT SELECT ON analytics.slow_customers TO ${warehouse.user};`);
    const id = await connect(other, 'Slow');
    const body = customersSync(id);
    body.tables[0]!.table_name = 'slow_customers';
    body.tables[0]!.columns.pop();
    await call(warehouseSyncSaveContract, body, other).expect(200);
    await eventually(
      async () => {
        const [run] = await runs(id);
        return run && run.state === 'running' && run.records_read_count >= 50;
      },
      { what: 'the first batch of the slow run', timeoutMs: 120_000, intervalMs: 50 },
    );
    await app.close();
    const [stopped] = await runs(id);
    expect(stopped!.state).toBe('running');
    expect(stopped!.records_read_count).toBeLessThan(250);

    app = await startApp();
    await runNow(org, id);
    await settled(id, 1);
    const [done] = await runs(id);
    expect(done).toMatchObject({ state: 'finished', records_read_count: 250, records_inserted_count: 250 });
    const [{ n }] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM campaign.persons WHERE organisation_id = $1`,
      [org],
    );
    expect(n).toBe(250);
    // The key ranges the resumed run left describe what it published: nothing to scan again.
    await runNow(org, id);
    await settled(id, 2);
    const [{ read, rescanned }] = await sql<{ read: number; rescanned: number }>(
      `SELECT records_read_count::int AS read, (p.value->>'rescanned')::int AS rescanned
       FROM integrations.warehouse_sync_runs r, jsonb_each(r.progress) p
       WHERE r.connection_id = $1 ORDER BY r.time_sync_started DESC LIMIT 1`,
      [id],
    );
    expect({ read, rescanned }).toEqual({ read: 0, rescanned: 0 });
  }, 240_000);
});
