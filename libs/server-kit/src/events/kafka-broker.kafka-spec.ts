import type { EventEnvelope } from '@meridian/contracts';
import { createTestDatabase, type KafkaBroker, startKafkaBroker } from '@meridian/testing';
import { Kafka, KafkaJSNonRetriableError, logLevel } from 'kafkajs';
import { DataSource } from 'typeorm';
import { HttpTokenVerifier } from '../auth/http-token-verifier';
import { SessionCache } from '../auth/session-cache';
import { SessionRevocations } from '../auth/session-revocations';
import { EventConsumers } from './event-consumers';
import { handleEvent } from './idempotent-consumer';
import { KafkaTransport } from './kafka-transport';
import { envelopeOf, seqOf, testEvent, testLogger, uniqueSuffix, waitFor } from './testing/contract-helpers';
import { createServiceEventTables, queryOnce } from './testing/service-tables';

// What only a real broker can show: the transport across a broker restart and a consumer group
// rebalance. The Kafka tier (`npm run test:kafka`) runs it; the broker is this file's own.
const KEYS = ['k0', 'k1', 'k2', 'k3', 'k4', 'k5'];

/** Distinct events in the order they first arrived, per key: what an idempotent consumer applies. */
function firstArrivals(received: readonly EventEnvelope[]): Map<string, number[]> {
  const seen = new Set<string>();
  const byKey = new Map<string, number[]>();
  for (const envelope of received) {
    if (seen.has(envelope.id)) continue;
    seen.add(envelope.id);
    byKey.set(envelope.key, [...(byKey.get(envelope.key) ?? []), seqOf(envelope)]);
  }
  return byKey;
}

function expectEveryEventInKeyOrder(published: readonly EventEnvelope[], received: readonly EventEnvelope[]) {
  expect(new Set(received.map((e) => e.id))).toEqual(new Set(published.map((e) => e.id)));
  const arrivals = firstArrivals(received);
  for (const key of KEYS) {
    expect(arrivals.get(key) ?? []).toEqual(published.filter((e) => e.key === key).map(seqOf));
  }
}

/** Publishes as the outbox relay does: a failed send (broker away) is sent again until it lands. */
async function publishUntilSent(transport: KafkaTransport, envelopes: EventEnvelope[]) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await transport.publish(envelopes);
    } catch (error) {
      if (attempt > 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

describe('KafkaTransport on a real broker', () => {
  let broker: KafkaBroker;
  const open: KafkaTransport[] = [];
  const transport = (clientId = `meridian-kafka-${uniqueSuffix()}`) => {
    const created = new KafkaTransport({
      brokers: [broker.brokers],
      clientId,
      logger: testLogger,
      consumerCloseTimeoutMs: 2000,
    });
    open.push(created);
    return created;
  };

  beforeAll(async () => {
    broker = await startKafkaBroker();
  }, 240_000);
  afterEach(async () => {
    await Promise.all(open.splice(0).map((t) => t.close()));
  });
  afterAll(async () => {
    await broker?.destroy();
  }, 120_000);

  it('loses nothing and keeps key order across a broker restart mid-stream', async () => {
    const event = testEvent('restart');
    const publisher = transport();
    const received: EventEnvelope[] = [];
    await transport().subscribe(`restart-${uniqueSuffix()}`, [event], async (e) => {
      received.push(e);
    });
    const published: EventEnvelope[] = [];
    const chunk = (from: number) =>
      Array.from({ length: 12 }, (_, i) =>
        envelopeOf(event, { key: KEYS[(from + i) % KEYS.length]!, seq: from + i }),
      );
    for (let from = 0; from < 240; from += 12) {
      const envelopes = chunk(from);
      published.push(...envelopes);
      if (from !== 120) {
        await publishUntilSent(publisher, envelopes);
        continue;
      }
      await waitFor(() => received.length > 0, 'events before the restart', 120_000);
      await broker.stop();
      // Published while the broker is down: the sender retries, as the relay does.
      const pending = publishUntilSent(publisher, envelopes);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await broker.start();
      await pending;
    }
    await waitFor(() => new Set(received.map((e) => e.id)).size >= published.length, 'every event', 180_000);
    expectEveryEventInKeyOrder(published, received);
  }, 420_000);

  it('shares a group between two consumers through rebalances, every event delivered, key order kept', async () => {
    const event = testEvent('rebalance');
    const group = `rebalance-${uniqueSuffix()}`;
    const publisher = transport();
    // One arrival log for both consumers: the group as a whole must apply every event in key order.
    const received: { consumer: string; envelope: EventEnvelope }[] = [];
    const consumer = (name: string) => async (envelope: EventEnvelope) => {
      received.push({ consumer: name, envelope });
    };
    const published: EventEnvelope[] = [];
    let seq = 0;
    const publishRound = async () => {
      const envelopes = Array.from({ length: 60 }, () => {
        const n = seq++;
        return envelopeOf(event, { key: KEYS[n % KEYS.length]!, seq: n });
      });
      published.push(...envelopes);
      await publishUntilSent(publisher, envelopes);
      await waitFor(
        () => new Set(received.map((r) => r.envelope.id)).size >= published.length,
        'the round delivered',
        180_000,
      );
    };

    const first = transport();
    const firstSubscription = await first.subscribe(group, [event], consumer('first'));
    await publishRound();
    // A second member joins: the topic's partitions are shared out between them.
    await transport().subscribe(group, [event], consumer('second'));
    await publishRound();
    await publishRound();
    // The first leaves: the second takes over its partitions from their committed offsets.
    await firstSubscription.close();
    await publishRound();

    expectEveryEventInKeyOrder(
      published,
      received.map((r) => r.envelope),
    );
    const lastRound = new Set(published.slice(-60).map((e) => e.id));
    expect(received.filter((r) => lastRound.has(r.envelope.id)).every((r) => r.consumer === 'second')).toBe(
      true,
    );
    expect(received.some((r) => r.consumer === 'second')).toBe(true);
  }, 600_000);

  // Found by the fault tier on Kafka: workers restarted while the broker was down for longer than
  // kafkajs's connect retries exited at start-up (their consumers could not subscribe).
  it("starts a service's consumers while the broker is down, and they subscribe once it is back", async () => {
    const db = await createTestDatabase('meridian_events', { empty: true });
    const dataSource = await new DataSource({ type: 'postgres', url: db.url, entities: [] }).initialize();
    const schema = `svc_${uniqueSuffix()}`;
    const event = testEvent('boot');
    const consumers = new EventConsumers(
      transport(),
      { schema, databaseUrl: db.url },
      dataSource,
      testLogger,
    );
    try {
      await createServiceEventTables(db.url, schema);
      await consumers.register('effects', [
        handleEvent(event, async (payload, { manager, id }) => {
          await manager.query(`INSERT INTO ${schema}.effects (event_id, note) VALUES ($1, $2)`, [
            id,
            `seq ${payload.seq}`,
          ]);
        }),
      ]);
      await broker.stop();
      // Resolves once the first attempt has failed; the consumer keeps trying in the background.
      await consumers.start();
      await broker.start();
      const sent = envelopeOf(event, { key: 'k0', seq: 7 });
      await publishUntilSent(transport(), [sent]);
      const effects = () =>
        queryOnce(db.url, `SELECT note FROM ${schema}.effects WHERE event_id = $1`, [sent.id]);
      await waitFor(
        async () => (await effects()).length > 0,
        'the consumer subscribed after the restart',
        240_000,
      );
      expect(await effects()).toEqual([{ note: 'seq 7' }]);
    } finally {
      await consumers.stop();
      await dataSource.destroy();
      await db.drop();
    }
  }, 420_000);

  it('starts the session cache while the broker is down: it asks auth every time until it follows revocations', async () => {
    const cache = new SessionCache({ ttlMs: 60_000, maxEntries: 100 });
    const revocations = new SessionRevocations(
      new HttpTokenVerifier('http://127.0.0.1:9', cache),
      testLogger,
      transport(),
      { schema: 'boot', databaseUrl: 'postgres://127.0.0.1:9/unused' },
    );
    try {
      await broker.stop();
      await revocations.onApplicationBootstrap();
      expect(cache.enabled).toBe(false);
      await broker.start();
      await waitFor(() => cache.enabled, 'the cache to follow revocations after the restart', 240_000);
    } finally {
      await revocations.onModuleDestroy();
    }
    expect(cache.enabled).toBe(false);
  }, 420_000);

  // Found by the fault tier on Kafka: a service stopped after a broker restart took longer than its
  // 30 s grace period, and its consumers came back after the close. The coordinator held their
  // JoinGroup until the old members' sessions ended; kafkajs waited for that answer, then took the
  // late answer for a crash and restarted the closed consumer.
  it('starts again a consumer kafkajs gave up on (an error it does not retry), and delivers what it missed', async () => {
    const event = testEvent('given-up');
    const publisher = transport();
    const received: EventEnvelope[] = [];
    let crashes = 0;
    await transport().subscribe(`given-up-${uniqueSuffix()}`, [event], async (e) => {
      // The first delivery fails as a broker outage can make kafkajs fail: not retried, not restarted.
      if (crashes === 0) {
        crashes += 1;
        throw new KafkaJSNonRetriableError('Connection error: connect ECONNREFUSED');
      }
      received.push(e);
    });
    const published = KEYS.map((key, seq) => envelopeOf(event, { key, seq }));
    await publishUntilSent(publisher, published);
    await waitFor(
      () => published.every((p) => received.some((r) => r.id === p.id)),
      'every event through the consumer started again',
      120_000,
    );
    expect(crashes).toBe(1);
  }, 240_000);

  it('keeps a subscription closed after a broker restart closed: it never joins its group again', async () => {
    const event = testEvent('closed');
    const group = `closed-${uniqueSuffix()}`;
    const closedClient = `meridian-closed-${uniqueSuffix()}`;
    const closed = transport(closedClient);
    const afterClose: EventEnvelope[] = [];
    let isClosed = false;
    const subscription = await closed.subscribe(group, [event], async (e) => {
      if (isClosed) afterClose.push(e);
    });
    const publisher = transport();
    const first = envelopeOf(event, { key: 'k0', seq: 0 });
    const seen: EventEnvelope[] = [];
    const probe = await transport().subscribe(`probe-${uniqueSuffix()}`, [event], async (e) => {
      seen.push(e);
    });
    await publishUntilSent(publisher, [first]);
    await waitFor(() => seen.length > 0, 'the first event', 120_000);
    await probe.close();
    // Down long enough that the consumer gives up its retries and kafkajs restarts it.
    await broker.stop();
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    await broker.start();
    // The consumer rejoins after the restart; close it while the coordinator may still hold that join.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    isClosed = true;
    await subscription.close();

    // Another member of the group takes every event from now on; the closed one must take none.
    const taker: EventEnvelope[] = [];
    await transport().subscribe(group, [event], async (e) => {
      taker.push(e);
    });
    const later = KEYS.map((key, seq) => envelopeOf(event, { key, seq: seq + 1 }));
    await publishUntilSent(publisher, later);
    // A closed consumer that came back holds partitions: their events never reach the live member.
    await waitFor(
      () => later.every((e) => taker.some((t) => t.id === e.id) || afterClose.some((t) => t.id === e.id)),
      'the live member of the group to take every later event',
      180_000,
    );
    // A restarted consumer would have joined again by now (kafkajs restarts 0.3 s after a crash);
    // give it a few seconds more to show, then it must be no member of the group.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const admin = new Kafka({ brokers: [broker.brokers], logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    const { groups } = await admin.describeGroups([group]);
    await admin.disconnect();
    expect(groups[0]?.members.map((m) => m.clientId)).not.toContain(closedClient);
    expect(afterClose).toEqual([]);
  }, 420_000);
});
