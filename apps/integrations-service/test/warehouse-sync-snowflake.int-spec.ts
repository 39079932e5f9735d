import { warehouseConnectionCreateContract, warehouseSchemaSetContract } from '@meridian/contracts';
import { fakesnowUnavailable, type FakesnowServer, type SignedIn, startFakesnow } from '@meridian/testing';
import { WarehouseSessions } from '../src/modules/warehouse/connectors/warehouse-sessions';
import { BUCKET, rangeAggregates, ROWS, SUM } from '../src/modules/warehouse/syncs/hash-range-sql';
import { aggregateOf } from '../src/modules/warehouse/syncs/hash-ranges';
import {
  CURSOR,
  cursorPage,
  HASH,
  KEY,
  keyHashPage,
  type ReadPlan,
  rowsByKeys,
} from '../src/modules/warehouse/syncs/sync-sql';
import { type IntegrationsTestApp, startIntegrationsTestApp } from './support/integrations-test-app';
import { seedSnowflake as seed } from './support/snowflake-seed';

// The Snowflake peer is fakesnow (Snowflake's HTTP API over DuckDB) in a Python virtualenv.
const unavailable = fakesnowUnavailable();
if (unavailable) console.warn(`Skipping the Snowflake sync reads: ${unavailable}`);
const describeWithFakesnow = unavailable ? describe.skip : describe;

/** The sync's reads in the Snowflake dialect, run by the real driver against the emulator. */
describeWithFakesnow('warehouse sync reads on Snowflake', () => {
  let fakesnow: FakesnowServer;
  let t: IntegrationsTestApp;
  let admin: SignedIn;
  let connectionId: string;

  beforeAll(async () => {
    fakesnow = await startFakesnow();
    await seed(fakesnow.url, [
      'CREATE DATABASE IF NOT EXISTS SHOP',
      'CREATE SCHEMA IF NOT EXISTS SHOP.CRM',
      `CREATE OR REPLACE TABLE SHOP.CRM.PEOPLE (ID NUMBER(38, 0), EMAIL VARCHAR, NAME VARCHAR, UPDATED_AT TIMESTAMP_NTZ)`,
      `INSERT INTO SHOP.CRM.PEOPLE
         SELECT seq4() + 1, 'p' || (seq4() + 1) || '@example.com', CASE WHEN seq4() % 3 = 0 THEN NULL ELSE 'N' END,
                '2026-01-01 10:00:00'::timestamp_ntz + (seq4() * interval '1 minute')
           FROM TABLE(GENERATOR(ROWCOUNT => 25))`,
    ]);
    t = await startIntegrationsTestApp({ SNOWFLAKE_ENDPOINT_URL: fakesnow.url });
    admin = await t.platform.newOrganisation();
    const created = await t
      .call(
        warehouseConnectionCreateContract,
        {
          typ: 'snowflake',
          label: 'Snowflake',
          host_name: 'xy12345.eu-west-1',
          database_name: 'SHOP',
          user_name: 'READER',
          password: 'secret',
          warehouse: 'COMPUTE_WH',
        },
        admin,
      )
      .expect(200);
    connectionId = created.body.connection.id;
    await t
      .call(warehouseSchemaSetContract, { connection_id: connectionId, schema_name: 'CRM' }, admin)
      .expect(200);
  });

  afterAll(async () => {
    await t?.close();
    await fakesnow?.stop();
  });

  it('pages keys with warehouse-side hashes, fetches rows by key and reads past a cursor', async () => {
    await t.app.get(WarehouseSessions).with(admin.account.organisation_id, connectionId, async (session) => {
      const plan = (cursor: string | null): ReadPlan => ({
        dialect: session.dialect,
        table: `${session.quoteIdent('CRM')}.${session.quoteIdent('PEOPLE')}`,
        columns: ['ID', 'EMAIL', 'NAME'],
        key: 'ID',
        cursor,
        quote: (name) => session.quoteIdent(name),
      });
      const run = (s: { sql: string; params: unknown[] }) =>
        session.query<Record<string, unknown>>(s.sql, s.params);

      const first = await run(keyHashPage(plan(null), null, 10));
      expect(first.map((r) => r[KEY])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
      for (const row of first) expect(row[HASH]).toMatch(/^[0-9a-f]{32}$/);
      expect(new Set(first.map((r) => r[HASH])).size).toBe(10);
      const next = await run(keyHashPage(plan(null), '10', 10));
      expect(next[0]?.[KEY]).toBe('11');

      const rows = await run(rowsByKeys(plan(null), ['4', '5']));
      expect(rows.map((r) => [r[KEY], r.EMAIL, r.NAME]).sort()).toEqual([
        ['4', 'p4@example.com', null],
        ['5', 'p5@example.com', 'N'],
      ]);
      expect(rows.find((r) => r[KEY] === '4')?.[HASH]).toBe(first[3]?.[HASH]);

      const page = await run(cursorPage(plan('UPDATED_AT'), null, 20));
      expect(page).toHaveLength(20);
      const last = page.at(-1)!;
      const rest = await run(
        cursorPage(plan('UPDATED_AT'), { value: String(last[CURSOR]), key: String(last[KEY]) }, 20),
      );
      expect(rest.map((r) => r[KEY])).toEqual(['21', '22', '23', '24', '25']);
    });
  });

  it('answers each key range’s row count and hash-prefix sum in one query, as the hashes add up', async () => {
    await t.app.get(WarehouseSessions).with(admin.account.organisation_id, connectionId, async (session) => {
      const plan: ReadPlan = {
        dialect: session.dialect,
        table: `${session.quoteIdent('CRM')}.${session.quoteIdent('PEOPLE')}`,
        columns: ['ID', 'EMAIL', 'NAME'],
        key: 'ID',
        cursor: null,
        quote: (name) => session.quoteIdent(name),
      };
      const run = (s: { sql: string; params: unknown[] }) =>
        session.query<Record<string, unknown>>(s.sql, s.params);
      // Keys 1-8, 9-16 and 17-25, each read by its bounded key pages.
      const bounds: [string | null, string | null][] = [
        [null, '8'],
        ['8', '16'],
        ['16', null],
      ];
      const expected = [];
      for (const [after, upTo] of bounds) {
        const page = await run(keyHashPage(plan, after, 100, upTo));
        expected.push(aggregateOf(page.map((r) => String(r[HASH]))));
      }
      expect(expected.map((a) => a.rows)).toEqual([8, 8, 9]);
      const answer = await run(rangeAggregates(plan, ['8', '16']));
      const byBucket = answer
        .map((r) => ({ bucket: Number(r[BUCKET]), rows: Number(r[ROWS]), sum: BigInt(String(r[SUM])) }))
        .sort((a, b) => a.bucket - b.bucket);
      expect(byBucket).toEqual(expected.map((a, bucket) => ({ bucket, ...a })));
    });
  });
});
