import type { EventDefinition, EventEnvelope, EventName, EventPayload } from '@meridian/contracts';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import type { Transaction } from '../database/transactions';
import { runWithCorrelation } from '../logging/logger';
import type { EnvelopeHandler } from './event-transport';
import { processedEventInsertSql } from './outbox-sql';

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

/** A catalogue definition bound to its handler; build with `handleEvent`. */
export interface EventRoute {
  readonly definition: EventDefinition;
  readonly handle: (payload: unknown, context: EventContext) => Promise<void>;
}

export function handleEvent<D extends EventDefinition>(definition: D, handler: EventHandler<D>): EventRoute {
  // The payload is parsed with `definition.payload` before the handler sees it.
  return { definition, handle: (payload, context) => handler(payload as EventPayload<D>, context) };
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
export function idempotentConsumer(options: IdempotentConsumerOptions): EnvelopeHandler {
  const { dataSource, schema, consumer, logger } = options;
  const routes = new Map<string, EventRoute>();
  for (const route of options.routes) {
    if (routes.has(route.definition.name))
      throw new Error(`Consumer ${consumer} handles ${route.definition.name} twice`);
    routes.set(route.definition.name, route);
  }
  const insertSql = processedEventInsertSql(schema);

  return (envelope: EventEnvelope) =>
    runWithCorrelation(envelope.correlation_id, async () => {
      const route = routes.get(envelope.name);
      if (!route) return;
      const parsed = route.definition.payload.safeParse(envelope.payload);
      if (!parsed.success) {
        // Retrying cannot fix a payload that breaks its versioned schema; holding the
        // topic back for it would stop every later event. Logged loudly, without values.
        logger.error(
          {
            consumer,
            event_id: envelope.id,
            event: envelope.name,
            issues: parsed.error.issues.map(
              (i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`,
            ),
          },
          'event payload breaks its catalogue schema; skipped',
        );
        return;
      }
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
