import {
  warehouseConnectionCreateContract,
  warehouseSchemaSetContract,
  warehouseSyncSaveContract,
} from '@meridian/contracts';
import { eventually, type SignedIn } from '@meridian/testing';
import { JobQueue } from '@meridian/server-kit';
import { WarehouseSessions } from '../src/modules/warehouse/connectors/warehouse-sessions';
import { BUCKET, rangeAggregates, ROWS, SUM } from '../src/modules/warehouse/syncs/hash-range-sql';
import { aggregateOf } from '../src/modules/warehouse/syncs/hash-ranges';
import { HASH, keyHashPage, type ReadPlan } from '../src/modules/warehouse/syncs/sync-sql';
import { syncRunJobKey, warehouseSyncRunJob } from '../src/modules/warehouse/syncs/sync.jobs';
import { type IntegrationsTestApp, startIntegrationsTestApp } from './support/integrations-test-app';
import { createTestWarehouse, type TestWarehouse } from './support/test-warehouse';

/** Pages of 50 keys: the 250 members (ids 10, 20, ... 2500) make five key ranges of 50. */
const PAGE_ROWS = '50';

type Run = {
  records_read_count: number;
  records_inserted_count: number;
  records_updated_count: number;
  scanned: number;
  rescanned: number;
};

/** A content-hash sync with nothing changed compares range aggregates only; a change rescans its range. */
describe('warehouse syncs by key range', () => {
  let t: IntegrationsTestApp;
  let warehouse: TestWarehouse;
  let admin: SignedIn;
  let connectionId: string;
  let syncId: string;

  /** Every run of the sync, oldest first, with what its content-hash read compared. */
  const runs = () =>
    t.sql<Run>(
      `SELECT records_read_count::int, records_inserted_count::int, records_updated_count::int,
         COALESCE((p.value->>'scanned')::int, 0) AS scanned, COALESCE((p.value->>'rescanned')::int, 0) AS rescanned
       FROM integrations.warehouse_sync_runs r, jsonb_each(r.progress) p
       WHERE r.connection_id = $1 ORDER BY r.time_sync_started`,
      [connectionId],
    );

  const settled = (count: number) =>
    eventually(
      async () => {
        const [row] = await t.sql<{ n: number; open: number; unanswered: number }>(
          `SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'running')::int AS open,
             COALESCE(sum(batches_published - batches_applied), 0)::int AS unanswered
           FROM integrations.warehouse_sync_runs WHERE connection_id = $1`,
          [connectionId],
        );
        return row!.n === count && row!.open === 0 && row!.unanswered === 0;
      },
      { what: `run ${count} to settle`, timeoutMs: 240_000 },
    );

  /** Runs the sync now and answers its run once settled. */
  const runNow = async (count: number): Promise<Run> => {
    await t.app
      .get(JobQueue)
      .enqueue(
        undefined,
        warehouseSyncRunJob,
        { organisationId: admin.organisation.id, syncId },
        { jobKey: syncRunJobKey(syncId) },
      );
    await settled(count);
    return (await runs())[count - 1]!;
  };

  const names = async (emails: string[]) =>
    (
      await t.sql<{ email: string; first_name: string }>(
        `SELECT email, first_name FROM campaign.persons WHERE organisation_id = $1 AND email = ANY($2) ORDER BY email`,
        [admin.organisation.id, emails],
      )
    ).map((p) => `${p.email}=${p.first_name}`);

  const storedRanges = async () =>
    (
      await t.sql<{ upper_key: string | null; row_count: number | null }>(
        `SELECT h.upper_key, h.row_count::int FROM integrations.warehouse_hash_ranges h
         JOIN integrations.warehouse_sync_tables s ON s.id = h.sync_table_id
         WHERE s.sync_id = $1 ORDER BY h.position`,
        [syncId],
      )
    ).map((r) => [r.upper_key, r.row_count]);

  beforeAll(async () => {
    t = await startIntegrationsTestApp({ WAREHOUSE_SYNC_PAGE_ROWS: PAGE_ROWS }, { withCampaign: true });
    warehouse = await createTestWarehouse();
    await warehouse.sql(`
      CREATE TABLE analytics.members (id bigint PRIMARY KEY, email text NOT NULL, first_name text);
      INSERT INTO analytics.members SELECT 10 * n, 'member' || 10 * n || '@example.com', 'Name ' || 10 * n
        FROM generate_series(1, 250) n;
      GRANT SELECT ON analytics.members TO ${warehouse.user};`);
    admin = await t.platform.newOrganisation();
    const created = await t
      .call(warehouseConnectionCreateContract, warehouse.connection('Members', 'postgres'), admin)
      .expect(200);
    connectionId = created.body.connection.id;
    await t
      .call(warehouseSchemaSetContract, { connection_id: connectionId, schema_name: 'analytics' }, admin)
      .expect(200);
    await t
      .call(
        warehouseSyncSaveContract,
        {
          connection_id: connectionId,
          sync_interval: 2,
          enable_sync: true,
          tables: [
            {
              table_name: 'members',
              destination_table_name: 'person',
              columns: [
                { column_name: 'id', destination_column_name: 'member_id', primary_key: true },
                { column_name: 'email', destination_column_name: 'email', primary_key: false },
                { column_name: 'first_name', destination_column_name: 'first_name', primary_key: false },
              ],
            },
          ],
        },
        admin,
      )
      .expect(200);
    const [sync] = await t.sql<{ id: string }>(
      `SELECT id FROM integrations.warehouse_syncs WHERE connection_id = $1`,
      [connectionId],
    );
    syncId = sync!.id;
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    await warehouse?.drop();
  });

  it('keeps the ranges of the first scan and reads no key page when nothing changed', async () => {
    await settled(1);
    expect((await runs())[0]).toEqual({
      records_read_count: 250,
      records_inserted_count: 250,
      records_updated_count: 0,
      scanned: 250,
      rescanned: 1,
    });
    expect(await storedRanges()).toEqual([
      ['500', 50],
      ['1000', 50],
      ['1500', 50],
      ['2000', 50],
      [null, 50],
    ]);
    expect(await runNow(2)).toEqual({
      records_read_count: 0,
      records_inserted_count: 0,
      records_updated_count: 0,
      scanned: 0,
      rescanned: 0,
    });
  });

  it('rescans only the range of a changed row and carries that row alone', async () => {
    await warehouse.sql(`UPDATE analytics.members SET first_name = 'Changed' WHERE id = 730`);
    expect(await runNow(3)).toMatchObject({
      records_read_count: 1,
      records_updated_count: 1,
      scanned: 50,
      rescanned: 1,
    });
    expect(await names(['member730@example.com', 'member740@example.com'])).toEqual([
      'member730@example.com=Changed',
      'member740@example.com=Name 740',
    ]);
  });

  it('sees keys added past the last bound and inside a range, and a deleted key, in their ranges only', async () => {
    await warehouse.sql(`
      INSERT INTO analytics.members VALUES (99990, 'member99990@example.com', 'Last'), (1235, 'member1235@example.com', 'Middle');
      DELETE FROM analytics.members WHERE id = 40;`);
    expect(await runNow(4)).toMatchObject({
      records_read_count: 2,
      records_inserted_count: 2,
      // The first range without the deleted key, the third with the new one, the last with the other.
      scanned: 49 + 51 + 51,
      rescanned: 3,
    });
    expect(await names(['member1235@example.com', 'member99990@example.com'])).toEqual([
      'member1235@example.com=Middle',
      'member99990@example.com=Last',
    ]);
    expect(await runNow(5)).toMatchObject({ records_read_count: 0, scanned: 0, rescanned: 0 });
  });

  it('carries exactly the changed rows of two ranges, and a row changed back to a stored value', async () => {
    await warehouse.sql(`UPDATE analytics.members SET first_name = 'Again' WHERE id IN (20, 2500);
      UPDATE analytics.members SET first_name = 'Name 730' WHERE id = 730;`);
    expect(await runNow(6)).toMatchObject({ records_read_count: 3, records_updated_count: 3, rescanned: 3 });
    expect(await names(['member20@example.com', 'member2500@example.com', 'member730@example.com'])).toEqual([
      'member20@example.com=Again',
      'member2500@example.com=Again',
      'member730@example.com=Name 730',
    ]);
    expect(await runNow(7)).toMatchObject({ records_read_count: 0, rescanned: 0 });
  });

  it('asks a Redshift warehouse for the same aggregates with its own functions', async () => {
    // Postgres stands in for Redshift (the same protocol); STRTOL is Redshift's own, so the peer
    // gets a stand-in with its documented meaning for base 16.
    await warehouse.sql(`
      CREATE FUNCTION public.strtol(digits text, base int) RETURNS bigint LANGUAGE sql IMMUTABLE AS
        $$ SELECT CASE WHEN base = 16 THEN ('x' || lpad(digits, 16, '0'))::bit(64)::bigint END $$;
      GRANT USAGE ON SCHEMA public TO ${warehouse.user};`);
    const created = await t
      .call(warehouseConnectionCreateContract, warehouse.connection('Members on Redshift', 'redshift'), admin)
      .expect(200);
    const redshiftId = created.body.connection.id as string;
    await t.app.get(WarehouseSessions).with(admin.organisation.id, redshiftId, async (session) => {
      expect(session.dialect).toBe('redshift');
      const plan: ReadPlan = {
        dialect: session.dialect,
        table: `${session.quoteIdent('analytics')}.${session.quoteIdent('members')}`,
        columns: ['id', 'email', 'first_name'],
        key: 'id',
        cursor: null,
        quote: (name) => session.quoteIdent(name),
      };
      const run = (s: { sql: string; params: unknown[] }) =>
        session.query<Record<string, unknown>>(s.sql, s.params);
      const bounds: [string | null, string | null][] = [
        [null, '1000'],
        ['1000', '2000'],
        ['2000', null],
      ];
      const expected = [];
      for (const [after, upTo] of bounds) {
        const page = await run(keyHashPage(plan, after, 1000, upTo));
        expected.push(aggregateOf(page.map((r) => String(r[HASH]))));
      }
      const answer = await run(rangeAggregates(plan, ['1000', '2000']));
      const byBucket = answer
        .map((r) => ({ bucket: Number(r[BUCKET]), rows: Number(r[ROWS]), sum: BigInt(String(r[SUM])) }))
        .sort((a, b) => a.bucket - b.bucket);
      expect(byBucket).toEqual(expected.map((a, bucket) => ({ bucket, ...a })));
      expect(expected.reduce((n, a) => n + a.rows, 0)).toBe(
        Number((await warehouse.sql<{ n: string }>('SELECT count(*) AS n FROM analytics.members'))[0]!.n),
      );
    });
  });
});
