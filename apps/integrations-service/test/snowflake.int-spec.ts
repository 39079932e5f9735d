import {
  warehouseConnectionCreateContract,
  warehouseSchemaSetContract,
  warehouseSourceColumnListContract,
  warehouseSourceSchemaListContract,
  warehouseSourceTableListContract,
} from '@meridian/contracts';
import { type FakesnowServer, type SignedIn, fakesnowUnavailable, startFakesnow } from '@meridian/testing';
import { SnowflakeConnector } from '../src/modules/warehouse/connectors/snowflake.connector';
import { WarehouseSessions } from '../src/modules/warehouse/connectors/warehouse-sessions';
import { type IntegrationsTestApp, startIntegrationsTestApp } from './support/integrations-test-app';
import { seedSnowflake as seed } from './support/snowflake-seed';

// The Snowflake peer is fakesnow (Snowflake's HTTP API over DuckDB) in a Python virtualenv.
const unavailable = fakesnowUnavailable();
if (unavailable) console.warn(`Skipping the Snowflake connector tests: ${unavailable}`);
const describeWithFakesnow = unavailable ? describe.skip : describe;

describeWithFakesnow(SnowflakeConnector.name, () => {
  let fakesnow: FakesnowServer;
  let t: IntegrationsTestApp;
  let admin: SignedIn;
  let stranger: SignedIn;
  let connectionId: string;

  beforeAll(async () => {
    fakesnow = await startFakesnow();
    await seed(fakesnow.url, [
      'CREATE DATABASE IF NOT EXISTS SALES',
      'CREATE SCHEMA IF NOT EXISTS SALES.CRM',
      `CREATE OR REPLACE TABLE SALES.CRM.CONTACTS (
         ID NUMBER(38, 0), EMAIL VARCHAR, FIRST_NAME TEXT, IS_PAYING BOOLEAN,
         REVENUE NUMBER(12, 2), SCORE FLOAT, SIGNED_UP_AT TIMESTAMP_NTZ, BORN DATE)`,
      `INSERT INTO SALES.CRM.CONTACTS
         SELECT seq4() + 1, 'person' || (seq4() + 1) || '@example.com', 'Name', (seq4() % 2) = 0,
                (seq4() + 1) * 1.5, (seq4() + 1) / 4, '2026-01-01 10:00:00', '1990-05-17'
           FROM TABLE(GENERATOR(ROWCOUNT => 130))`,
    ]);
    t = await startIntegrationsTestApp({ SNOWFLAKE_ENDPOINT_URL: fakesnow.url });
    admin = await t.platform.newOrganisation();
    stranger = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
    await fakesnow?.stop();
  });

  it('tests and stores a Snowflake connection made with the real driver', async () => {
    const response = await t
      .call(
        warehouseConnectionCreateContract,
        {
          typ: 'snowflake',
          label: 'Snowflake',
          host_name: 'xy12345.eu-west-1',
          database_name: 'SALES',
          user_name: 'READER',
          password: 'secret',
          warehouse: 'COMPUTE_WH',
        },
        admin,
      )
      .expect(200);
    expect(response.body.connection).toMatchObject({
      typ: 'snowflake',
      host_name: 'xy12345.eu-west-1',
      port: null,
      warehouse: 'COMPUTE_WH',
      role: null,
    });
    connectionId = response.body.connection.id;
  });

  it('lists schemas, tables and typed columns from the information schema', async () => {
    const schemas = await t
      .call(warehouseSourceSchemaListContract, { connection_id: connectionId }, admin)
      .expect(200);
    expect(schemas.body.schemas).toContain('CRM');
    await t
      .call(warehouseSchemaSetContract, { connection_id: connectionId, schema_name: 'CRM' }, admin)
      .expect(200);
    const tables = await t
      .call(warehouseSourceTableListContract, { connection_id: connectionId }, admin)
      .expect(200);
    expect(tables.body).toEqual({
      schema_name: 'CRM',
      tables: [{ table_name: 'CONTACTS', table_type: 'table' }],
    });
    const columns = await t
      .call(warehouseSourceColumnListContract, { connection_id: connectionId, table_name: 'CONTACTS' }, admin)
      .expect(200);
    expect(
      Object.fromEntries(
        columns.body.columns.map((c: { column_name: string; type: string }) => [c.column_name, c.type]),
      ),
    ).toEqual({
      ID: 'integer',
      EMAIL: 'string',
      FIRST_NAME: 'string',
      IS_PAYING: 'boolean',
      REVENUE: 'float',
      SCORE: 'float',
      SIGNED_UP_AT: 'datetime',
      BORN: 'datetime',
    });
  });

  it('queries with positional binds: numbers as strings, booleans, timestamps as Date', async () => {
    await t.app.get(WarehouseSessions).with(admin.account.organisation_id, connectionId, async (session) => {
      expect(session.dialect).toBe('snowflake');
      expect(session.schema).toBe('CRM');
      const rows = await session.query<Record<string, unknown>>(
        `SELECT ID, EMAIL, IS_PAYING, REVENUE, SIGNED_UP_AT FROM ${session.quoteIdent('CRM')}.${session.quoteIdent('CONTACTS')} WHERE ID = ?`,
        [4],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        ID: '4',
        EMAIL: 'person4@example.com',
        IS_PAYING: false,
        REVENUE: '6.00',
      });
      expect((rows[0]!.SIGNED_UP_AT as Date).toISOString()).toBe('2026-01-01T10:00:00.000Z');
      await expect(session.query('SELECT * FROM CRM.MISSING', [])).rejects.toMatchObject({
        code: 'WarehouseQueryFailedException',
      });
    });
  });

  it('streams every row in batches, and stops early on request', async () => {
    await t.app.get(WarehouseSessions).with(admin.account.organisation_id, connectionId, async (session) => {
      const sizes: number[] = [];
      const ids: number[] = [];
      for await (const batch of session.stream<{ ID: string }>(
        'SELECT ID FROM CRM.CONTACTS WHERE ID > ? ORDER BY ID',
        [0],
        50,
      )) {
        sizes.push(batch.length);
        ids.push(...batch.map((row) => Number(row.ID)));
      }
      expect(sizes).toEqual([50, 50, 30]);
      expect(ids).toEqual(Array.from({ length: 130 }, (_, i) => i + 1));
      for await (const batch of session.stream('SELECT ID FROM CRM.CONTACTS ORDER BY ID', [], 10)) {
        expect(batch).toHaveLength(10);
        break;
      }
      expect(await session.query('SELECT 1 AS ONE', [])).toEqual([{ ONE: '1' }]);
    });
  });

  it("is a 404 for another organisation's Snowflake connection", async () => {
    await t.call(warehouseSourceSchemaListContract, { connection_id: connectionId }, stranger).expect(404);
  });

  it('refuses a host that is neither an account identifier nor a Snowflake host', async () => {
    const connector = new SnowflakeConnector({ resolve: jest.fn() } as never, {
      timeouts: { connectMs: 1000, queryMs: 1000 },
    });
    await expect(
      connector.test({
        typ: 'snowflake',
        host_name: '10.0.0.5',
        port: null,
        database_name: 'SALES',
        user_name: 'READER',
        password: 'x',
        schema_name: null,
        warehouse: null,
        role: null,
      }),
    ).rejects.toMatchObject({ code: 'ConnectionDnsFailedException' });
  });
});
