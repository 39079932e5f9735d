import type { DataSource } from 'typeorm';
import { EventConsumers } from './event-consumers';
import type { EventSubscription, EventTransport } from './event-transport';
import { handleEvent } from './idempotent-consumer';
import { testEvent, testLogger } from './testing/contract-helpers';

/**
 * A transport whose subscriptions complete when the test says so: a Kafka group held in a
 * rebalance, whose JoinGroup the coordinator answers only after the old members' sessions end.
 */
function heldTransport() {
  const pending: { group: string; complete: () => void; fail: (error: Error) => void }[] = [];
  const closed: string[] = [];
  const subscribe = (group: string) =>
    new Promise<EventSubscription>((resolve, reject) => {
      pending.push({
        group,
        complete: () => resolve({ close: async () => void closed.push(group) }),
        fail: reject,
      });
    });
  const transport = { name: 'kafka', subscribe, subscribeBatches: subscribe } as unknown as EventTransport;
  return { transport, pending, closed };
}

const event = testEvent('held');
const routes = [handleEvent(event, async () => undefined)];

function consumersOn(transport: EventTransport) {
  return new EventConsumers(
    transport,
    { schema: 'svc', databaseUrl: 'unused' },
    {} as DataSource,
    testLogger,
  );
}

describe(EventConsumers.name, () => {
  it('asks to subscribe every consumer at once, not one after the other', async () => {
    const { transport, pending } = heldTransport();
    const consumers = consumersOn(transport);
    await consumers.register('first', routes);
    await consumers.register('second', routes);
    const started = consumers.start(60_000);
    expect(pending.map((p) => p.group)).toEqual(['svc.first', 'svc.second']);
    for (const p of pending) p.complete();
    await started;
    await consumers.stop();
  });

  it('starts the service after a bounded wait while a group is held, and keeps the consumer', async () => {
    const { transport, pending, closed } = heldTransport();
    const consumers = consumersOn(transport);
    await consumers.register('held', routes);
    await consumers.start(20);
    expect(pending).toHaveLength(1);
    pending[0]!.complete();
    await new Promise((resolve) => setImmediate(resolve));
    await consumers.stop();
    expect(closed).toEqual(['svc.held']);
  });

  it('closes a subscription that completes after the stop, and does not retry one that fails after it', async () => {
    const { transport, pending, closed } = heldTransport();
    const consumers = consumersOn(transport);
    await consumers.register('late', routes);
    await consumers.register('failing', routes);
    await consumers.start(20);
    await consumers.stop();
    pending[0]!.complete();
    pending[1]!.fail(new Error('the broker went away'));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(closed).toEqual(['svc.late']);
    // A retry would have asked again after its first backoff (1 s).
    expect(pending).toHaveLength(2);
  });
});
