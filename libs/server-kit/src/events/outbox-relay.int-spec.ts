import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@meridian/contracts';
import { createTestDatabase, type TestDatabase } from '@meridian/testing';
import { OutboxRelay } from './outbox-relay';
import { type ClaimedOutboxRow, outboxRowToEnvelope } from './outbox-sql';
import { PostgresTransport } from './postgres-transport';
import {
  envelopeOf,
  recorder,
  testEvent,
  testLogger,
  uniqueSuffix,
  waitFor,
} from './testing/contract-helpers';
import { createServiceEventTables, queryOnce } from './testing/service-tables';

/**
 * The relay appends to the Postgres log inside the database when the log is in the service's own
 * database, and hands envelopes to `publish` otherwise: consumers must not tell the two apart.
 */
describe(`${OutboxRelay.name} over the Postgres log`, () => {
  let db: TestDatabase;
  const transports: PostgresTransport[] = [];
  const relays: OutboxRelay[] = [];

  const transport = (url = db.url) => {
    const t = new PostgresTransport({ connectionString: url, logger: testLogger, pollIntervalMs: 600_000 });
    transports.push(t);
    return t;
  };
  const startRelay = async (schema: string, t: PostgresTransport, batchSize?: number) => {
    const relay = new OutboxRelay({
      connectionString: db.url,
      schema,
      transport: t,
      logger: testLogger,
      pollIntervalMs: 600_000,
      batchSize,
    });
    relays.push(relay);
    await relay.start();
  };

  /** Writes outbox rows as the publisher does, with chosen times and correlation ids. */
  async function writeOutbox(
    schema: string,
    rows: { id: string; key: string; payload: unknown; correlation_id: string | null; occurred_at: string }[],
    name: string,
  ): Promise<void> {
    await queryOnce(
      db.url,
      `INSERT INTO ${schema}.outbox (id, name, key, payload, correlation_id, occurred_at)
       SELECT r.id, $2, r.key, r.payload, r.correlation_id, r.occurred_at
       FROM json_to_recordset($1::json) AS r(id uuid, key text, payload jsonb, correlation_id text, occurred_at timestamptz)`,
      [JSON.stringify(rows), name],
    );
  }

  /** What the relay's publish path builds from the stored rows (the reference for both paths). */
  const storedEnvelopes = async (schema: string): Promise<EventEnvelope[]> =>
    (
      await queryOnce<ClaimedOutboxRow & Record<string, unknown>>(
        db.url,
        `SELECT id, name, key, payload, correlation_id, occurred_at FROM ${schema}.outbox ORDER BY seq`,
      )
    ).map(outboxRowToEnvelope);

  beforeAll(async () => {
    db = await createTestDatabase('meridian_events', { empty: true });
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
  });
  afterAll(async () => {
    await Promise.all(transports.map((t) => t.close()));
    await db?.drop();
  });

  it('uses the in-database append only when the log is in the outbox database', () => {
    const other = new URL(db.url);
    other.searchParams.set('application_name', 'elsewhere');
    expect(transport().outboxAppender(db.url)).not.toBeNull();
    expect(transport().outboxAppender(other.toString())).toBeNull();
  });

  it('delivers the same envelopes, in order, whether appended in the database or published from node', async () => {
    const event = testEvent('paths');
    const rows = Array.from({ length: 7 }, (_, i) => ({
      id: randomUUID(),
      key: `k${i % 2}`,
      payload: {
        key: `k${i % 2}`,
        seq: i,
        note: 'naïve "quoted" \\ text ✓',
        nested: { list: [1, null, true] },
      },
      // A null and an empty correlation id are both absent from the envelope.
      correlation_id: [null, 'corr-1', ''][i % 3]!,
      // Microseconds: the envelope carries milliseconds, as Date.toISOString writes them.
      occurred_at: `2026-03-0${1 + (i % 3)}T0${i}:04:05.67891${i}+02:00`,
    }));
    const inDatabase = `svc_${uniqueSuffix()}`;
    const fromNode = `svc_${uniqueSuffix()}`;
    for (const schema of [inDatabase, fromNode]) {
      await createServiceEventTables(db.url, schema);
      // Distinct event ids per schema: the log keeps one copy of an id.
      await writeOutbox(
        schema,
        rows.map((r) => ({ ...r, id: schema === inDatabase ? r.id : randomUUID() })),
        event.name,
      );
    }
    const expected = {
      [inDatabase]: await storedEnvelopes(inDatabase),
      [fromNode]: await storedEnvelopes(fromNode),
    };
    const { handler, received } = recorder();
    await transport().subscribe(`paths-${uniqueSuffix()}`, [event], handler);

    const other = new URL(db.url);
    other.searchParams.set('application_name', 'relay-from-node');
    await startRelay(inDatabase, transport(), 3);
    await waitFor(() => received.length >= rows.length, 'the in-database batches');
    await startRelay(fromNode, transport(other.toString()), 3);
    await waitFor(() => received.length >= 2 * rows.length, 'the published batches');

    expect(received.slice(0, rows.length)).toEqual(expected[inDatabase]);
    expect(received.slice(rows.length)).toEqual(expected[fromNode]);
    const strip = (e: EventEnvelope) => ({ ...e, id: undefined });
    expect(received.slice(0, rows.length).map(strip)).toEqual(received.slice(rows.length).map(strip));
    expect(received[1]).toMatchObject({ correlation_id: 'corr-1', occurred_at: '2026-03-01T23:04:05.678Z' });
    expect(received[0]).not.toHaveProperty('correlation_id');
    expect(received[2]).not.toHaveProperty('correlation_id');
    for (const schema of [inDatabase, fromNode])
      expect(await queryOnce(db.url, `SELECT id FROM ${schema}.outbox WHERE published_at IS NULL`)).toEqual(
        [],
      );
  });

  it('skips an event id the log already holds and still marks its outbox row published', async () => {
    const event = testEvent('again');
    const schema = `svc_${uniqueSuffix()}`;
    await createServiceEventTables(db.url, schema);
    const first = envelopeOf(event, { key: 'k', seq: 1 });
    const t = transport();
    // As after a relay that appended and then died before its commit reached the outbox.
    await t.publish([first]);
    const second = { id: randomUUID(), key: 'k', payload: { key: 'k', seq: 2 }, correlation_id: null };
    await writeOutbox(
      schema,
      [first, second].map((e) => ({
        id: e.id,
        key: e.key,
        payload: e.payload,
        correlation_id: null,
        occurred_at: new Date().toISOString(),
      })),
      event.name,
    );
    const { handler, received } = recorder();
    await t.subscribe(`again-${uniqueSuffix()}`, [event], handler);
    await startRelay(schema, t);
    await waitFor(() => received.some((e) => e.id === second.id), 'the event after the repeat');
    expect(received.map((e) => e.id)).toEqual([first.id, second.id]);
    expect(received[0]).toEqual(first);
    expect(await queryOnce(db.url, `SELECT id FROM ${schema}.outbox WHERE published_at IS NULL`)).toEqual([]);
  });
});
