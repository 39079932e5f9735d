import type { EventDefinition, EventEnvelope, EventName, EventPayload } from '@meridian/contracts';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import type { Transaction } from '../database/transactions';
import { runWithCorrelation } from '../logging/logger';
import type { EnvelopeBatchHandler, EnvelopeHandler } from './event-transport';
import { processedEventInsertSql, processedEventsInsertManySql } from './outbox-sql';

/** What a handler knows about the event beside its payload. */
export interface EventContext {
  /** The consuming service's transaction; the event counts as processed only if it commits. */
  manager: EntityManager;
  /** The same transaction as services pass it to repositories. */
  tx: Transaction;
  id: string;
  name: EventName;
  key: string;
  occurredAt: Date;
  correlationId: string | undefined;
}

export type EventHandler<D extends EventDefinition> = (
  payload: EventPayload<D>,
  context: EventContext,
) => Promise<void>;

/** One event of a batch: its parsed payload and what is known about it. */
export interface ConsumedEvent<P = unknown> {
  payload: P;
  context: EventContext;
}

/** Handles many events of one definition in one call (in delivery order), inside `tx`. */
export type EventBatchHandler<D extends EventDefinition> = (
  events: readonly ConsumedEvent<EventPayload<D>>[],
  tx: { manager: EntityManager; tx: Transaction },
) => Promise<void>;

/** A catalogue definition bound to its handler; build with `handleEvent` or `handleEventBatch`. */
export interface EventRoute {
  readonly definition: EventDefinition;
  readonly handle: (payload: unknown, context: EventContext) => Promise<void>;
  /** Present on batch routes: the consumer is then fed whole batches. */
  readonly handleBatch?: (
    events: readonly ConsumedEvent[],
    tx: { manager: EntityManager; tx: Transaction },
  ) => Promise<void>;
}

export function handleEvent<D extends EventDefinition>(definition: D, handler: EventHandler<D>): EventRoute {
  // The payload is parsed with `definition.payload` before the handler sees it.
  return { definition, handle: (payload, context) => handler(payload as EventPayload<D>, context) };
}

/**
 * A route applied set-based: the handler gets every new event of a delivered batch at once
 * (repeats already filtered out), in the transaction that records them as processed.
 */
export function handleEventBatch<D extends EventDefinition>(
  definition: D,
  handler: EventBatchHandler<D>,
): EventRoute {
  const handleBatch = (events: readonly ConsumedEvent[], tx: { manager: EntityManager; tx: Transaction }) =>
    handler(events as readonly ConsumedEvent<EventPayload<D>>[], tx);
  return {
    definition,
    handleBatch,
    handle: (payload, context) => handleBatch([{ payload, context }], context),
  };
}

export interface IdempotentConsumerOptions {
  dataSource: DataSource;
  /** The consuming service's schema (its `processed_events` table). */
  schema: string;
  /** Names the consumer in processed_events; one consumer never sees an event twice. */
  consumer: string;
  routes: readonly EventRoute[];
  logger: Logger;
}

/**
 * Turns routes into a transport handler that applies each event at most once:
 * in one transaction of the consuming service it records (consumer, event id)
 * in processed_events and runs the handler. A repeat finds the id and does
 * nothing; a concurrent repeat waits on the id's key and then finds it; a
 * failed handler rolls the record back, so the redelivery runs it again.
 */
function routeMap(options: IdempotentConsumerOptions): Map<string, EventRoute> {
  const routes = new Map<string, EventRoute>();
  for (const route of options.routes) {
    if (routes.has(route.definition.name))
      throw new Error(`Consumer ${options.consumer} handles ${route.definition.name} twice`);
    routes.set(route.definition.name, route);
  }
  return routes;
}

/** The route and parsed payload of an envelope; null (logged) when it is not ours or breaks its schema. */
function parseEnvelope(
  routes: Map<string, EventRoute>,
  envelope: EventEnvelope,
  options: IdempotentConsumerOptions,
): { route: EventRoute; payload: unknown } | null {
  const route = routes.get(envelope.name);
  if (!route) return null;
  const parsed = route.definition.payload.safeParse(envelope.payload);
  if (!parsed.success) {
    // Retrying cannot fix a payload that breaks its versioned schema; holding the
    // topic back for it would stop every later event. Logged loudly, without values.
    options.logger.error(
      {
        consumer: options.consumer,
        event_id: envelope.id,
        event: envelope.name,
        issues: parsed.error.issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`),
      },
      'event payload breaks its catalogue schema; skipped',
    );
    return null;
  }
  return { route, payload: parsed.data };
}

export function idempotentConsumer(options: IdempotentConsumerOptions): EnvelopeHandler {
  const { dataSource, schema, consumer, logger } = options;
  const routes = routeMap(options);
  const insertSql = processedEventInsertSql(schema);

  return (envelope: EventEnvelope) =>
    runWithCorrelation(envelope.correlation_id, async () => {
      const parsedEnvelope = parseEnvelope(routes, envelope, options);
      if (!parsedEnvelope) return;
      const { route } = parsedEnvelope;
      const parsed = { data: parsedEnvelope.payload };
      await dataSource.transaction(async (manager) => {
        const recorded = await manager.query<unknown[]>(insertSql, [consumer, envelope.id]);
        if (recorded.length === 0) {
          logger.debug({ consumer, event_id: envelope.id, event: envelope.name }, 'event already processed');
          return;
        }
        await route.handle(parsed.data, {
          manager,
          tx: manager as unknown as Transaction,
          id: envelope.id,
          name: route.definition.name,
          key: envelope.key,
          occurredAt: new Date(envelope.occurred_at),
          correlationId: envelope.correlation_id,
        });
      });
    });
}

/**
 * The batch form of `idempotentConsumer`: one transaction per delivered batch records every
 * event id in processed_events with one statement, drops the ones already there (and repeats
 * within the batch), and hands the new ones to their routes: a batch route gets them all in
 * one call, a single-event route one by one. A failure rolls the whole batch back.
 */
export function idempotentBatchConsumer(options: IdempotentConsumerOptions): EnvelopeBatchHandler {
  const { dataSource, schema, consumer, logger } = options;
  const routes = routeMap(options);
  const insertSql = processedEventsInsertManySql(schema);

  return async (envelopes) => {
    const parsed = envelopes
      .map((envelope) => ({ envelope, parsed: parseEnvelope(routes, envelope, options) }))
      .filter(
        (e): e is { envelope: EventEnvelope; parsed: { route: EventRoute; payload: unknown } } =>
          e.parsed !== null,
      );
    if (parsed.length === 0) return;
    await dataSource.transaction(async (manager) => {
      const fresh = new Set(
        (
          await manager.query<{ event_id: string }[]>(insertSql, [consumer, parsed.map((e) => e.envelope.id)])
        ).map((r) => r.event_id),
      );
      if (fresh.size < parsed.length)
        logger.debug({ consumer, repeats: parsed.length - fresh.size }, 'events already processed');
      const tx = { manager, tx: manager as unknown as Transaction };
      const byRoute = new Map<EventRoute, ConsumedEvent[]>();
      for (const { envelope, parsed: p } of parsed) {
        // A repeat inside the batch: only its first copy is applied.
        if (!fresh.delete(envelope.id)) continue;
        const context: EventContext = {
          ...tx,
          id: envelope.id,
          name: p.route.definition.name,
          key: envelope.key,
          occurredAt: new Date(envelope.occurred_at),
          correlationId: envelope.correlation_id,
        };
        const list = byRoute.get(p.route) ?? [];
        list.push({ payload: p.payload, context });
        byRoute.set(p.route, list);
      }
      for (const [route, events] of byRoute) {
        if (route.handleBatch) await route.handleBatch(events, tx);
        else
          for (const e of events)
            await runWithCorrelation(e.context.correlationId, () => route.handle(e.payload, e.context));
      }
    });
  };
}
