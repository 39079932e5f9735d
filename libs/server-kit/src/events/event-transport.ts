import type { EventDefinition, EventEnvelope } from '@meridian/contracts';
import type { PoolClient } from 'pg';
import type { EventTransportProbe, EventTransportStatus } from '../health/health.module';

/**
 * Called once per delivered event. Resolving commits the group's position past
 * it; throwing leaves it uncommitted, so the transport delivers it again later.
 */
export type EnvelopeHandler = (envelope: EventEnvelope) => Promise<void>;

/**
 * Called with consecutive events of one topic (in order). Resolving commits the group's
 * position past the last of them; throwing commits none, so all come again later.
 */
export type EnvelopeBatchHandler = (envelopes: readonly EventEnvelope[]) => Promise<void>;

/**
 * Appends a service's outbox rows to the transport inside the relay's own transaction (the
 * transport's log is in the same database): claim, append and mark published commit together.
 */
export interface OutboxAppender {
  /** Relays up to `limit` of the oldest unpublished rows of `<schema>.outbox`; answers how many. */
  append(client: PoolClient, schema: string, limit: number): Promise<number>;
}

export interface EventSubscription {
  /** Stops delivering, after the event in hand; its position stays committed. */
  close(): Promise<void>;
}

/**
 * What carries events between services. Delivery is at least once and ordered
 * per key within a topic; each consumer group gets every event; an event id
 * published twice reaches a group once. Every implementation passes
 * `describeTransportContract` (events/testing/transport-contract.test.ts).
 */
export interface EventTransport extends EventTransportProbe {
  readonly name: EventTransportStatus['transport'];
  /** Appends envelopes in order; topic = event name, ordering key = envelope key. */
  publish(envelopes: readonly EventEnvelope[]): Promise<void>;
  /** A consumer group over the topics of these catalogue definitions. */
  subscribe(
    group: string,
    definitions: readonly EventDefinition[],
    handler: EnvelopeHandler,
  ): Promise<EventSubscription>;
  /** The same group semantics, delivered in batches (bulk consumers apply them set-based). */
  subscribeBatches(
    group: string,
    definitions: readonly EventDefinition[],
    handler: EnvelopeBatchHandler,
  ): Promise<EventSubscription>;
  status(): Promise<EventTransportStatus>;
  /**
   * When the transport can take a service's outbox rows inside that database (the outbox is in
   * the database at `connectionString`), the appender that does it; else null or absent, and the
   * relay hands envelopes to `publish`.
   */
  outboxAppender?(connectionString: string): OutboxAppender | null;
  /** Closes every subscription and connection of this transport. */
  close(): Promise<void>;
}

export const EVENT_TRANSPORT = Symbol('EVENT_TRANSPORT');
