import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@meridian/contracts';
import { createTestDatabase, type TestDatabase } from '@meridian/testing';
import { DataSource } from 'typeorm';
import { Transactions } from '../database/transactions';
import { runWithCorrelation } from '../logging/logger';
import { EventPublisher } from './event-publisher';
import { EventsError } from './events.errors';
import { OutboxRelay } from './outbox-relay';
import { PostgresTransport } from './postgres-transport';
import { testEvent, testLogger, uniqueSuffix, waitFor } from './testing/contract-helpers';
import { createServiceEventTables, queryOnce } from './testing/service-tables';

describe(EventPublisher.name, () => {
  const schema = 'publisher';
  const event = testEvent('published');
  let db: TestDatabase;
  let dataSource: DataSource;
  let transport: PostgresTransport;
  let relay: OutboxRelay;
  let publisher: EventPublisher;
  const received: EventEnvelope[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('meridian_events', { empty: true });
    await createServiceEventTables(db.url, schema);
    dataSource = await new DataSource({
      type: 'postgres',
      url: db.url,
      entities: [],
      synchronize: false,
    }).initialize();
    transport = new PostgresTransport({
      connectionString: db.url,
      logger: testLogger,
      pollIntervalMs: 600_000,
    });
    await transport.subscribe(`publisher-${uniqueSuffix()}`, [event], async (envelope) => {
      received.push(envelope);
    });
    // Long poll: only the publisher's NOTIFY wakes the relay in time.
    relay = new OutboxRelay({
      connectionString: db.url,
      schema,
      transport,
      logger: testLogger,
      pollIntervalMs: 600_000,
    });
    await relay.start();
    publisher = new EventPublisher({ schema }, testLogger);
  });

  afterAll(async () => {
    await relay?.stop();
    await transport?.close();
    await dataSource?.destroy();
    await db?.drop();
  });

  const outboxRow = async (id: string) =>
    queryOnce(db.url, `SELECT id FROM ${schema}.outbox WHERE id = $1`, [id]);

  it('commits the event with the change, and the relay delivers it with the correlation id', async () => {
    const widgetId = randomUUID();
    const eventId = await runWithCorrelation('corr-publish', () =>
      dataSource.transaction(async (manager) => {
        await manager.query(`INSERT INTO ${schema}.widgets (id, name) VALUES ($1, 'blue')`, [widgetId]);
        return publisher.publish(manager, event, { key: widgetId, seq: 1 });
      }),
    );
    await waitFor(() => received.some((e) => e.id === eventId), 'the published event');
    expect(received.find((e) => e.id === eventId)).toMatchObject({
      name: event.name,
      key: widgetId,
      payload: { key: widgetId, seq: 1 },
      correlation_id: 'corr-publish',
    });
  });

  it('drops the event when the transaction rolls back', async () => {
    let rolledBackId = '';
    await expect(
      dataSource.transaction(async (manager) => {
        rolledBackId = await publisher.publish(manager, event, { key: 'rolled-back', seq: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const afterId = await new Transactions(dataSource).run((tx) =>
      publisher.publish(tx, event, { key: 'after', seq: 2 }),
    );
    await waitFor(() => received.some((e) => e.id === afterId), 'the event published after the rollback');
    expect(rolledBackId).not.toBe('');
    expect(received.some((e) => e.id === rolledBackId)).toBe(false);
    expect(await outboxRow(rolledBackId)).toEqual([]);
  });

  it('publishes many events in one statement, delivered in order, and none when one payload is bad', async () => {
    const payloads = Array.from({ length: 7 }, (_, i) => ({ key: 'many', seq: i + 1 }));
    const ids = await dataSource.transaction((manager) =>
      publisher.publishMany(
        manager,
        payloads.map((payload) => ({ definition: event, payload })),
      ),
    );
    expect(new Set(ids).size).toBe(7);
    await waitFor(() => ids.every((id) => received.some((e) => e.id === id)), 'the seven events');
    const seqs = received.filter((e) => ids.includes(e.id)).map((e) => (e.payload as { seq: number }).seq);
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6, 7]);

    await expect(
      dataSource.transaction(async (manager) => {
        await publisher.publishMany(manager, [
          { definition: event, payload: { key: 'bad-batch', seq: 1 } },
          { definition: event, payload: { key: 'bad-batch', seq: 'two' } },
        ]);
      }),
    ).rejects.toMatchObject({ code: 'InvalidEventPayloadException' });
    const rows = await queryOnce<{ n: number }>(
      db.url,
      `SELECT count(*)::int AS n FROM ${schema}.outbox WHERE key = 'bad-batch'`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('publishes many payloads byte for byte, quotes, backslashes and non-ASCII included, with the correlation id', async () => {
    const keys = [
      'say "hi"',
      'back\\slash \\" both',
      'line\nbreak\ttab',
      'ünïcödé ✉ 😀',
      '{"not": "json"}',
      "it's",
    ];
    const ids = await runWithCorrelation('corr-many', () =>
      dataSource.transaction((manager) =>
        publisher.publishMany(
          manager,
          keys.map((key, i) => ({ definition: event, payload: { key, seq: i + 1 } })),
        ),
      ),
    );
    const rows = await queryOnce<{
      id: string;
      key: string;
      payload: { key: string; seq: number };
      correlation_id: string;
    }>(
      db.url,
      `SELECT id, key, payload, correlation_id FROM ${schema}.outbox WHERE id = ANY($1::uuid[]) ORDER BY seq`,
      [ids],
    );
    expect(rows.map((r) => r.id)).toEqual(ids);
    expect(rows.map((r) => r.payload)).toEqual(keys.map((key, i) => ({ key, seq: i + 1 })));
    expect(rows.map((r) => r.key)).toEqual(keys);
    expect(rows.every((r) => r.correlation_id === 'corr-many')).toBe(true);
    await waitFor(() => ids.every((id) => received.some((e) => e.id === id)), 'the six events');
    expect(received.find((e) => e.id === ids[3])?.payload).toEqual({ key: 'ünïcödé ✉ 😀', seq: 4 });
  });

  it('refuses a payload that breaks the catalogue schema', async () => {
    const attempt = dataSource.transaction((manager) =>
      publisher.publish(manager, event, { key: 'k', seq: 'one' } as unknown as { key: string; seq: number }),
    );
    await expect(attempt).rejects.toBeInstanceOf(EventsError);
    await expect(attempt).rejects.toMatchObject({
      code: 'InvalidEventPayloadException',
      issues: [expect.stringMatching(/^seq: /)],
    });
  });

  it('refuses to publish outside a transaction, where the event could outlive a failed change', async () => {
    await expect(publisher.publish(dataSource.manager, event, { key: 'k', seq: 1 })).rejects.toMatchObject({
      code: 'EventPublishedOutsideTransactionException',
    });
  });
});
