import {
  personListContract,
  type SyncRun,
  warehouseConnectionCreateContract,
  warehouseSchemaSetContract,
  warehouseSyncRunListContract,
  warehouseSyncSaveContract,
  warehouseSyncToggleContract,
} from '@meridian/contracts';
import { type Consumer, Kafka, logLevel } from 'kafkajs';
import { callApi, loginByApi, newAccount, registerVerifiedAccount, uniqueSuffix } from '../../support/api';
import { ok, waitUntil } from '../../support/mail-campaign';
import { createWarehouse, type Warehouse } from '../../support/warehouse';

// The platform with KAFKA_BROKERS set (the Kafka tier starts it so): a Postgres warehouse is
// connected and synced through the API, its rows land as contacts, two changed rows update and
// nothing else; and a consumer written here with plain kafkajs (no project code) reads the synced
// contacts and their outcome from the README's topics and payloads. Without a broker, nothing to check.
const brokers = process.env.E2E_KAFKA_BROKERS;
const SYNCED = 'integrations.contacts.synced.v1';
const APPLIED = 'campaign.contacts.sync_applied.v1';
const WAIT_MS = 180_000;

interface Consumed {
  topic: string;
  key: string;
  headers: Record<string, string>;
  payload: Record<string, unknown>;
}
type SyncedRow = { email: string; values: Record<string, unknown> };

(brokers ? describe : describe.skip)('a warehouse sync over Kafka, followed by an outside consumer', () => {
  let token: string;
  let organisationId: string;
  let warehouse: Warehouse;
  let consumer: Consumer;
  let connectionId = '';
  const suffix = uniqueSuffix();
  const emailOf = (n: number) => `buyer${n}.${suffix}@e2e.meridian.dev`;
  const consumed: Consumed[] = [];
  const ofConnection = (topic: string) =>
    consumed.filter((c) => c.topic === topic && c.payload.connection_id === connectionId);

  async function runs(): Promise<SyncRun[]> {
    const answer = await callApi(
      warehouseSyncRunListContract,
      { connection_id: connectionId, page_size: 50, page_number: 1 },
      token,
    );
    return (answer.body as { records: SyncRun[] }).records;
  }

  async function contacts(): Promise<Record<string, Record<string, unknown>>> {
    const answer = await callApi(
      personListContract,
      { keyword: suffix, page_size: 50, page_number: 1, columns: ['email', 'first_name', 'plan'] },
      token,
    );
    // Before the first batch lands the custom column does not exist yet: no rows to show.
    const rows = (answer.body as { records?: Record<string, unknown>[] }).records ?? [];
    return Object.fromEntries(rows.map((row) => [row.email as string, row]));
  }

  beforeAll(async () => {
    const owner = newAccount('kafka-warehouse');
    await registerVerifiedAccount(owner);
    token = await loginByApi(owner.email, owner.password);
    warehouse = await createWarehouse(suffix);
    const kafka = new Kafka({
      clientId: 'outside-consumer',
      brokers: brokers!.split(','),
      logLevel: logLevel.NOTHING,
    });
    const admin = kafka.admin();
    await admin.connect();
    // The platform creates its topics when it first publishes or subscribes; make sure they exist.
    await admin.createTopics({ topics: [SYNCED, APPLIED].map((topic) => ({ topic })), waitForLeaders: true });
    await admin.disconnect();
    consumer = kafka.consumer({ groupId: `outside-sync-${suffix}` });
    await consumer.connect();
    await consumer.subscribe({ topics: [SYNCED, APPLIED], fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ topic, message }) => {
        consumed.push({
          topic,
          key: message.key?.toString() ?? '',
          headers: Object.fromEntries(
            Object.entries(message.headers ?? {}).map(([name, value]) => [name, String(value)]),
          ),
          payload: JSON.parse(message.value?.toString() ?? '{}') as Record<string, unknown>,
        });
      },
    });
  }, 180_000);

  afterAll(async () => {
    await consumer?.disconnect();
    await warehouse?.drop();
  });

  it('connects the warehouse and syncs its rows: contacts land, and the topic carries them', async () => {
    const created = await ok<{ connection: { id: string; organisation_id?: string } }>(
      callApi(
        warehouseConnectionCreateContract,
        {
          typ: 'postgres',
          label: `Kafka warehouse ${suffix}`,
          host_name: '127.0.0.2',
          port: warehouse.port,
          database_name: warehouse.database,
          user_name: warehouse.user,
          password: warehouse.password,
        },
        token,
      ),
    );
    connectionId = created.connection.id;
    await ok(
      callApi(warehouseSchemaSetContract, { connection_id: connectionId, schema_name: 'public' }, token),
    );
    const column = (name: string, destination: string, key = false) => ({
      column_name: name,
      destination_column_name: destination,
      primary_key: key,
    });
    // Saved enabled: the first run starts at once.
    await ok(
      callApi(
        warehouseSyncSaveContract,
        {
          connection_id: connectionId,
          sync_interval: 2,
          enable_sync: true,
          tables: [
            {
              table_name: 'customers',
              destination_table_name: 'person',
              columns: [
                column('id', 'customer_id', true),
                column('email', 'email'),
                column('first_name', 'first_name'),
                column('plan', 'plan'),
              ],
            },
          ],
        },
        token,
      ),
    );
    await waitUntil(
      async () => Object.keys(await contacts()).length === 5,
      'the five warehouse rows as contacts',
      WAIT_MS,
    );
    const landed = await contacts();
    expect(landed[emailOf(2)]).toMatchObject({ first_name: 'Buyer 2', plan: 'pro' });
    expect(landed[emailOf(3)]).toMatchObject({ first_name: 'Buyer 3', plan: 'free' });

    // The outside consumer: the batches by the README's topic, key and payload, and their outcome.
    await waitUntil(
      async () =>
        ofConnection(SYNCED).flatMap((c) => c.payload.rows as SyncedRow[]).length === 5 &&
        ofConnection(APPLIED).reduce((n, c) => n + Number(c.payload.inserted), 0) === 5,
      'the outside consumer to read the synced contacts and their outcome',
      WAIT_MS,
    );
    const synced = ofConnection(SYNCED);
    organisationId = synced[0]!.payload.organisation_id as string;
    for (const event of synced) {
      expect(event.key).toBe(organisationId);
      expect(event.headers['event-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(event.headers['occurred-at'] ?? ''))).toBe(false);
      expect(event.payload).toEqual(
        expect.objectContaining({
          source: 'warehouse',
          sync_run_id: expect.any(String),
          batch_id: expect.any(String),
          new_fields: expect.arrayContaining([expect.objectContaining({ name: 'plan' })]),
          options: { enable_update: true, overwrite_values: true, ignore_blank: false },
        }),
      );
    }
    const rows = synced.flatMap((c) => c.payload.rows as SyncedRow[]);
    expect(rows.map((r) => r.email).sort()).toEqual([1, 2, 3, 4, 5].map(emailOf).sort());
    expect(rows.find((r) => r.email === emailOf(4))!.values).toMatchObject({
      first_name: 'Buyer 4',
      plan: 'pro',
      customer_id: 4,
    });
  }, 600_000);

  it('updates only the changed rows on the next run, and the topic carries only those', async () => {
    const earlier = await runs();
    await waitUntil(
      async () => (await runs()).every((run) => run.state !== 'running'),
      'the first run to end',
      WAIT_MS,
    );
    const seen = new Set(earlier.map((run) => run.id));
    const before = ofConnection(SYNCED).length;
    await warehouse.sql(
      `UPDATE public.customers SET first_name = 'Renamed ' || id, updated_at = now() WHERE id IN (1, 4)`,
    );
    // Resuming runs the sync at once.
    await ok(
      callApi(warehouseSyncToggleContract, { connection_id: connectionId, sync_enabled: false }, token),
    );
    await ok(
      callApi(warehouseSyncToggleContract, { connection_id: connectionId, sync_enabled: true }, token),
    );
    await waitUntil(
      async () => {
        const fresh = (await runs()).filter((run) => !seen.has(run.id));
        return (
          fresh.length > 0 &&
          fresh.every((run) => run.state === 'finished') &&
          fresh.reduce((n, run) => n + run.records_updated_count, 0) === 2
        );
      },
      'a run that updates the two changed rows',
      WAIT_MS,
    );
    const rows = await contacts();
    expect(rows[emailOf(1)]).toMatchObject({ first_name: 'Renamed 1' });
    expect(rows[emailOf(4)]).toMatchObject({ first_name: 'Renamed 4' });
    expect(rows[emailOf(2)]).toMatchObject({ first_name: 'Buyer 2' });

    await waitUntil(
      async () =>
        ofConnection(SYNCED)
          .slice(before)
          .flatMap((c) => c.payload.rows as SyncedRow[]).length === 2,
      'the outside consumer to read the two changed rows',
      WAIT_MS,
    );
    const changed = ofConnection(SYNCED)
      .slice(before)
      .flatMap((c) => c.payload.rows as SyncedRow[]);
    expect(changed.map((r) => [r.email, r.values.first_name]).sort()).toEqual(
      [
        [emailOf(1), 'Renamed 1'],
        [emailOf(4), 'Renamed 4'],
      ].sort(),
    );
    const fresh = new Set((await runs()).filter((run) => !seen.has(run.id)).map((run) => run.id));
    await waitUntil(
      async () =>
        ofConnection(APPLIED)
          .filter((c) => fresh.has(c.payload.sync_run_id as string))
          .reduce((n, c) => n + Number(c.payload.updated), 0) === 2,
      'the outcome of the second run on its topic',
      WAIT_MS,
    );
    expect(ofConnection(APPLIED).every((c) => c.key === organisationId)).toBe(true);
  }, 600_000);
});
