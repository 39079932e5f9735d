import type { EventEnvelope } from '@meridian/contracts';
import type { EventTransport } from '../event-transport';
import { envelopeOf, recorder, seqOf, testEvent, uniqueSuffix, waitFor } from './contract-helpers';
import { describeOutboxContract } from './outbox-contract.test';

export interface TransportContractSetup {
  /** A new transport over the same log; call again for a restart or another replica. */
  newTransport(): EventTransport | Promise<EventTransport>;
  /** A Postgres database for the services' side (outbox, processed_events, business rows). */
  serviceDatabaseUrl: string;
  teardown(): Promise<void>;
}

/**
 * What every event transport promises, as one suite: `describeTransportContract`
 * is called by each transport's spec with a factory for it. Every test uses
 * topics and groups of its own, so the suite also runs on a shared broker.
 */
export function describeTransportContract(
  name: string,
  factory: () => Promise<TransportContractSetup>,
): void {
  describe(`${name} (event transport contract)`, () => {
    let setup: TransportContractSetup;
    let open: EventTransport[] = [];

    const transport = async () => {
      const created = await setup.newTransport();
      open.push(created);
      return created;
    };

    beforeAll(async () => {
      setup = await factory();
    });
    afterEach(async () => {
      await Promise.all(open.map((t) => t.close()));
      open = [];
    });
    afterAll(async () => {
      await setup?.teardown();
    });

    it('reports itself up', async () => {
      const t = await transport();
      expect(await t.status()).toEqual({ transport: t.name, status: 'up' });
    });

    it('delivers published events to a subscriber in key order, whether stored before or after it subscribed', async () => {
      const event = testEvent('ordered');
      const keys = ['a', 'b', 'c'];
      const published: EventEnvelope[] = [];
      const batch = (from: number) =>
        Array.from({ length: 12 }, (_, i) =>
          envelopeOf(event, { key: keys[(from + i) % 3]!, seq: from + i }),
        );
      const t = await transport();
      for (const from of [0, 12]) {
        const envelopes = batch(from);
        published.push(...envelopes);
        await t.publish(envelopes);
      }
      const { handler, received } = recorder();
      await t.subscribe(`ordered-${uniqueSuffix()}`, [event], handler);
      for (const from of [24, 36]) {
        const envelopes = batch(from);
        published.push(...envelopes);
        await t.publish(envelopes);
      }
      await waitFor(() => received.length >= published.length, 'every published event');
      expect(new Set(received.map((e) => e.id))).toEqual(new Set(published.map((e) => e.id)));
      expect(received).toHaveLength(published.length);
      for (const key of keys) {
        const expected = published.filter((e) => e.key === key).map(seqOf);
        expect(received.filter((e) => e.key === key).map(seqOf)).toEqual(expected);
      }
      expect(received.find((e) => e.id === published[5]!.id)).toEqual(published[5]);
    });

    it('delivers an event id published twice once to each group', async () => {
      const event = testEvent('duplicate');
      const t = await transport();
      const twice = envelopeOf(event, { key: 'k', seq: 1 });
      await t.publish([twice]);
      await t.publish([twice, twice]);
      const marker = envelopeOf(event, { key: 'k', seq: 2 });
      await t.publish([marker]);
      const groups = [recorder(), recorder()];
      for (const g of groups) await t.subscribe(`duplicate-${uniqueSuffix()}`, [event], g.handler);
      for (const g of groups)
        await waitFor(() => g.received.some((e) => e.id === marker.id), 'the marker event');
      for (const g of groups) expect(g.received.map((e) => e.id)).toEqual([twice.id, marker.id]);
    });

    it('gives every group every event, across transport instances', async () => {
      const event = testEvent('groups');
      const publisher = await transport();
      const groups = [recorder(), recorder()];
      for (const g of groups)
        await (await transport()).subscribe(`groups-${uniqueSuffix()}`, [event], g.handler);
      const published = Array.from({ length: 10 }, (_, i) => envelopeOf(event, { key: `k${i % 2}`, seq: i }));
      await publisher.publish(published.slice(0, 5));
      await publisher.publish(published.slice(5));
      for (const g of groups) await waitFor(() => g.received.length >= 10, 'ten events in each group');
      for (const g of groups)
        expect(g.received.map((e) => e.id).sort()).toEqual(published.map((e) => e.id).sort());
    });

    it('resumes a restarted consumer from its committed offset, losing and repeating nothing', async () => {
      const event = testEvent('resume');
      const group = `resume-${uniqueSuffix()}`;
      const publisher = await transport();
      const all = Array.from({ length: 11 }, (_, i) => envelopeOf(event, { key: 'k', seq: i + 1 }));

      const first = await transport();
      const before = recorder();
      const subscription = await first.subscribe(group, [event], before.handler);
      await publisher.publish(all.slice(0, 5));
      await waitFor(() => before.received.length >= 5, 'the first five events');
      await subscription.close();
      await first.close();

      await publisher.publish(all.slice(5, 10));
      const after = recorder();
      await (await transport()).subscribe(group, [event], after.handler);
      await publisher.publish(all.slice(10));
      await waitFor(
        () => after.received.some((e) => e.id === all[10]!.id),
        'the last event after the restart',
      );
      expect(before.received.map(seqOf)).toEqual([1, 2, 3, 4, 5]);
      expect(after.received.map(seqOf)).toEqual([6, 7, 8, 9, 10, 11]);
    });

    it('delivers an event again while its handler fails, holding back the events after it', async () => {
      const event = testEvent('retry');
      const t = await transport();
      const seen: number[] = [];
      let failuresLeft = 2;
      await t.subscribe(`retry-${uniqueSuffix()}`, [event], async (envelope) => {
        seen.push(seqOf(envelope));
        if (seqOf(envelope) === 1 && failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('handler failed');
        }
      });
      await t.publish([envelopeOf(event, { key: 'k', seq: 1 }), envelopeOf(event, { key: 'k', seq: 2 })]);
      await waitFor(() => seen.includes(2), 'the event after the failing one');
      expect(seen).toEqual([1, 1, 1, 2]);
    });

    it('delivers batches in order to a batch subscriber, every event once', async () => {
      const event = testEvent('batches');
      const t = await transport();
      const published = Array.from({ length: 30 }, (_, i) => envelopeOf(event, { key: `k${i % 3}`, seq: i }));
      await t.publish(published.slice(0, 20));
      const batches: EventEnvelope[][] = [];
      await t.subscribeBatches(`batches-${uniqueSuffix()}`, [event], async (envelopes) => {
        batches.push([...envelopes]);
      });
      await t.publish(published.slice(20));
      await waitFor(() => batches.flat().length >= published.length, 'every event in batches');
      const received = batches.flat();
      expect(received.map((e) => e.id).sort()).toEqual(published.map((e) => e.id).sort());
      for (const key of ['k0', 'k1', 'k2'])
        expect(received.filter((e) => e.key === key).map(seqOf)).toEqual(
          published.filter((e) => e.key === key).map(seqOf),
        );
      // The 20 stored before subscribing are read together, not one per call.
      expect(batches.length).toBeLessThan(published.length);
    });

    it('delivers a whole batch again while its handler fails', async () => {
      const event = testEvent('batch-retry');
      const t = await transport();
      const calls: number[][] = [];
      let failuresLeft = 1;
      await t.publish([envelopeOf(event, { key: 'k', seq: 1 }), envelopeOf(event, { key: 'k', seq: 2 })]);
      await t.subscribeBatches(`batch-retry-${uniqueSuffix()}`, [event], async (envelopes) => {
        calls.push(envelopes.map(seqOf));
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('handler failed');
        }
      });
      await waitFor(() => calls.length >= 2, 'the batch again');
      expect(calls[1]).toEqual(calls[0]);
      expect(calls.flat().filter((seq) => seq === 2)).toHaveLength(2);
    });

    describeOutboxContract(() => ({ transport, serviceDatabaseUrl: setup.serviceDatabaseUrl }));
  });
}
