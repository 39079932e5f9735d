import {
  warehouseConnectionCreateContract,
  warehouseSchemaSetContract,
  warehouseSyncSaveContract,
} from '@meridian/contracts';
import { Transactions } from '@meridian/server-kit';
import { type SignedIn } from '@meridian/testing';
import { SyncRunsRepository } from '../src/modules/warehouse/syncs/sync-runs.repository';
import { type IntegrationsTestApp, startIntegrationsTestApp } from './support/integrations-test-app';
import { createTestWarehouse, type TestWarehouse } from './support/test-warehouse';

/**
 * A runner whose run another process went on with (its lock's connection was lost, and a tick
 * started the run elsewhere) must not publish from its stale checkpoint: the same rows would be
 * published and counted twice. The fault tier's connection terminations can take the lock's
 * connection mid-run; this pins the guard.
 */
describe('a sync run taken over by another process', () => {
  let t: IntegrationsTestApp;
  let warehouse: TestWarehouse;
  let admin: SignedIn;
  let connectionId: string;
  let syncId: string;
  let tableId: string;

  beforeAll(async () => {
    t = await startIntegrationsTestApp({}, { withCampaign: true });
    warehouse = await createTestWarehouse();
    admin = await t.platform.newOrganisation();
    const created = await t
      .call(warehouseConnectionCreateContract, warehouse.connection('Takeover', 'postgres'), admin)
      .expect(200);
    connectionId = created.body.connection.id;
    await t
      .call(warehouseSchemaSetContract, { connection_id: connectionId, schema_name: 'analytics' }, admin)
      .expect(200);
    // Saved paused: no run starts; the test drives the run's checkpoints itself.
    await t
      .call(
        warehouseSyncSaveContract,
        {
          connection_id: connectionId,
          sync_interval: 2,
          enable_sync: false,
          tables: [
            {
              table_name: 'customers',
              destination_table_name: 'person',
              columns: [
                { column_name: 'id', destination_column_name: 'customer_id', primary_key: true },
                { column_name: 'email', destination_column_name: 'email', primary_key: false },
              ],
            },
          ],
        },
        admin,
      )
      .expect(200);
    const [row] = await t.sql<{ sync_id: string; table_id: string }>(
      `SELECT s.id AS sync_id, st.id AS table_id FROM integrations.warehouse_syncs s
       JOIN integrations.warehouse_sync_tables st ON st.sync_id = s.id WHERE s.connection_id = $1`,
      [connectionId],
    );
    syncId = row!.sync_id;
    tableId = row!.table_id;
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    await warehouse?.drop();
  });

  it('moves the checkpoint only from the one its runner last saw, and never on an ended run', async () => {
    const runs = t.app.get(SyncRunsRepository);
    const transactions = t.app.get(Transactions);
    const run = await runs.open(admin.organisation.id, syncId, connectionId);
    const checkpoint = (published: number, runId = run.id) =>
      transactions.run((tx) =>
        runs.checkpoint(tx, runId, tableId, { after: '50', done: false }, 50, 1, published),
      );

    // Two runners on the run, both from its start: the first moves it on, the second is refused.
    expect(await checkpoint(0)).toBe(true);
    expect(await checkpoint(0)).toBe(false);
    expect(await checkpoint(1)).toBe(true);
    const [state] = await t.sql<{ read: number; published: number }>(
      `SELECT records_read_count::int AS read, batches_published AS published
       FROM integrations.warehouse_sync_runs WHERE id = $1`,
      [run.id],
    );
    expect(state).toEqual({ read: 100, published: 2 });

    await t.sql(`UPDATE integrations.warehouse_sync_runs SET state = 'failed' WHERE id = $1`, [run.id]);
    expect(await checkpoint(2)).toBe(false);
  });
});
