import {
  warehouseConnectionCreateContract,
  warehouseSchemaSetContract,
  warehouseSyncSaveContract,
} from '@meridian/contracts';
import { JobQueue } from '@meridian/server-kit';
import { eventually, type SignedIn } from '@meridian/testing';
import { syncRunJobKey, warehouseSyncRunJob } from '../src/modules/warehouse/syncs/sync.jobs';
import { type IntegrationsTestApp, startIntegrationsTestApp } from './support/integrations-test-app';
import { createTestWarehouse, type TestWarehouse } from './support/test-warehouse';

const LARGE = 3000;
const BUSY_SYNCS = 4;
/** The small sync's 250 rows, 50 to a page. */
const SMALL_PAGES = 5;

/**
 * Warehouse syncs take turns round the organisations, not round the syncs: an organisation with
 * four large syncs queued does not get four turns for each one of another organisation's single
 * sync. One job slot, turns of one page of 50 rows; the published batches show whose turn it was.
 */
describe('warehouse syncs taking turns round the organisations', () => {
  let t: IntegrationsTestApp;
  let warehouse: TestWarehouse;
  let busy: SignedIn;
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
    [busy, small] = await Promise.all([t.platform.newOrganisation(), t.platform.newOrganisation()]);
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    await warehouse?.drop();
  });

  async function connect(who: SignedIn, name: string): Promise<string> {
    const created = await t
      .call(warehouseConnectionCreateContract, warehouse.connection(name), who)
      .expect(200);
    const id = created.body.connection.id as string;
    await t
      .call(warehouseSchemaSetContract, { connection_id: id, schema_name: 'analytics' }, who)
      .expect(200);
    return id;
  }

  async function save(who: SignedIn, connectionId: string, table: string): Promise<void> {
    await t
      .call(
        warehouseSyncSaveContract,
        {
          connection_id: connectionId,
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
  }

  it("gives another organisation's sync a turn for each turn of the busy organisation", async () => {
    // The first busy sync's first read waits on this lock, holding the one job slot, until every
    // other sync is queued behind it: the busy organisation's three others first, then the small one.
    await warehouse.sql('BEGIN');
    await warehouse.sql('LOCK TABLE analytics.many_customers IN ACCESS EXCLUSIVE MODE');
    const first = await connect(busy, 'Busy source 1');
    await save(busy, first, 'many_customers');
    // Only one connection of an organisation may feed the person table through a save: the busy
    // organisation's other syncs are copies of the first, each on a connection of its own.
    for (let i = 2; i <= BUSY_SYNCS; i++) {
      const connection = await connect(busy, `Busy source ${i}`);
      const [sync] = await t.sql<{ id: string }>(
        `INSERT INTO integrations.warehouse_syncs (organisation_id, connection_id, sync_enabled, next_run_time)
         VALUES ($1, $2, true, now() + interval '1 hour') RETURNING id`,
        [busy.organisation.id, connection],
      );
      await t.sql(
        `INSERT INTO integrations.warehouse_sync_tables
           (organisation_id, sync_id, position, table_name, destination_table_name, cursor_column, columns)
         SELECT t.organisation_id, $2, t.position, t.table_name, t.destination_table_name, t.cursor_column, t.columns
           FROM integrations.warehouse_sync_tables t JOIN integrations.warehouse_syncs s ON s.id = t.sync_id
          WHERE s.connection_id = $1`,
        [first, sync!.id],
      );
      await t.app
        .get(JobQueue)
        .enqueue(
          undefined,
          warehouseSyncRunJob,
          { organisationId: busy.organisation.id, syncId: sync!.id },
          { jobKey: syncRunJobKey(sync!.id) },
        );
    }
    const smallConnection = await connect(small, 'Small source');
    await save(small, smallConnection, 'customers');
    await warehouse.sql('COMMIT');

    const smallBatches = () =>
      t.sql<{ seq: string }>(
        // bigint: pg answers it as text; ordered by the number.
        `SELECT seq FROM integrations.outbox
          WHERE name = 'integrations.contacts.synced.v1' AND payload ->> 'organisation_id' = $1 ORDER BY seq`,
        [small.organisation.id],
      );
    const done = await eventually(
      async () => {
        const rows = await smallBatches();
        return rows.length >= SMALL_PAGES ? rows : undefined;
      },
      { what: "the small sync's pages to be published", timeoutMs: 240_000 },
    );
    const [{ ahead }] = await t.sql<{ ahead: number }>(
      `SELECT count(*)::int AS ahead FROM integrations.outbox
        WHERE name = 'integrations.contacts.synced.v1' AND payload ->> 'organisation_id' = $1 AND seq < $2`,
      [busy.organisation.id, done[SMALL_PAGES - 1]!.seq],
    );
    // Turn about: a page of the busy organisation for each small page, and the turn it already had.
    // Before, every busy sync had a turn for each small one: four pages for each.
    expect(ahead).toBeLessThan(2 * SMALL_PAGES + 2);
  }, 300_000);
});
