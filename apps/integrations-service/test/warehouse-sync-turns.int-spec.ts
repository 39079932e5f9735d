import {
  warehouseConnectionCreateContract,
  warehouseSchemaSetContract,
  warehouseSyncSaveContract,
} from '@meridian/contracts';
import { eventually, type SignedIn } from '@meridian/testing';
import { type IntegrationsTestApp, startIntegrationsTestApp } from './support/integrations-test-app';
import { createTestWarehouse, type TestWarehouse } from './support/test-warehouse';

const LARGE = 3000;

/**
 * Warehouse syncs take turns for the job slots: one organisation's large sync stops at its
 * checkpoint when its turn is over and queues again, so another organisation's small sync saved
 * after it does not wait for all of it. One job slot, turns of one page of 50 rows.
 */
describe('warehouse syncs taking turns', () => {
  let t: IntegrationsTestApp;
  let warehouse: TestWarehouse;
  let large: SignedIn;
  let small: SignedIn;

  beforeAll(async () => {
    t = await startIntegrationsTestApp(
      { JOB_CONCURRENCY: '1', WAREHOUSE_SYNC_TURN_MS: '1', WAREHOUSE_SYNC_PAGE_ROWS: '50' },
      { withCampaign: true },
    );
    warehouse = await createTestWarehouse();
    await warehouse.sql(`
      CREATE TABLE analytics.many_customers AS
        SELECT g::bigint AS id, 'many' || g || '@example.com' AS email FROM generate_series(1, ${LARGE}) g;
      ALTER TABLE analytics.many_customers ADD PRIMARY KEY (id);
      GRANT SELECT ON analytics.many_customers TO ${warehouse.user};
    `);
    [large, small] = await Promise.all([t.platform.newOrganisation(), t.platform.newOrganisation()]);
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    await warehouse?.drop();
  });

  async function sync(who: SignedIn, table: string): Promise<string> {
    const created = await t
      .call(warehouseConnectionCreateContract, warehouse.connection(`${table} source`), who)
      .expect(200);
    const id = created.body.connection.id as string;
    await t
      .call(warehouseSchemaSetContract, { connection_id: id, schema_name: 'analytics' }, who)
      .expect(200);
    await t
      .call(
        warehouseSyncSaveContract,
        {
          connection_id: id,
          sync_interval: 2,
          enable_sync: true,
          tables: [
            {
              table_name: table,
              destination_table_name: 'person',
              columns: [
                { column_name: 'id', destination_column_name: 'customer_id', primary_key: true },
                { column_name: 'email', destination_column_name: 'email', primary_key: false },
              ],
            },
          ],
        },
        who,
      )
      .expect(200);
    return id;
  }

  const finished = (connectionId: string) =>
    eventually(
      async () => {
        const [run] = await t.sql<{ state: string; read: number; finished_at: Date | null }>(
          `SELECT state, records_read_count::int AS read, time_sync_finished AS finished_at
             FROM integrations.warehouse_sync_runs WHERE connection_id = $1`,
          [connectionId],
        );
        return run?.state === 'finished' ? run : undefined;
      },
      { what: 'the sync run to finish', timeoutMs: 240_000 },
    );

  it('finishes a small sync saved after a large one first, and reads every row of both once', async () => {
    // The large sync's first read waits on this lock, holding the one job slot, until both syncs
    // are saved: the small one is then queued behind a large run already under way.
    await warehouse.sql('BEGIN');
    await warehouse.sql('LOCK TABLE analytics.many_customers IN ACCESS EXCLUSIVE MODE');
    const largeConnection = await sync(large, 'many_customers');
    const smallConnection = await sync(small, 'customers');
    await warehouse.sql('COMMIT');
    const smallRun = await finished(smallConnection);
    const largeRun = await finished(largeConnection);
    expect(smallRun.read).toBe(250);
    expect(largeRun.read).toBe(LARGE);
    expect(smallRun.finished_at!.getTime()).toBeLessThan(largeRun.finished_at!.getTime());
    // One run each, stopped and gone on with across turns rather than started again.
    const [{ runs }] = await t.sql<{ runs: number }>(
      `SELECT count(*)::int AS runs FROM integrations.warehouse_sync_runs WHERE connection_id = ANY($1)`,
      [[largeConnection, smallConnection]],
    );
    expect(runs).toBe(2);
  });
});
