import { Inject, Injectable } from '@nestjs/common';
import type { EventDefinition, EventPayload } from '@meridian/contracts';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import type { Transaction } from '../database/transactions';
import { currentCorrelationId } from '../logging/logger';
import { LOGGER } from '../logging/logger.module';
import { EVENTS_OPTIONS, type EventsModuleOptions } from './events.options';
import { EventsError } from './events.errors';
import {
  buildOutboxRow,
  outboxInsertManyParams,
  outboxInsertManySql,
  outboxInsertParams,
  outboxInsertSql,
} from './outbox-sql';

/**
 * Publishes an event as part of the caller's transaction: the outbox row
 * commits or rolls back with the change it describes, and the relay (notified
 * on commit) carries it to the transport. Nothing is sent before the commit,
 * so no event describes a change that did not happen.
 */
@Injectable()
export class EventPublisher {
  private readonly insertSql: string;
  private readonly insertManySql: string;

  constructor(
    @Inject(EVENTS_OPTIONS) private readonly options: Pick<EventsModuleOptions, 'schema'>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.insertSql = outboxInsertSql(options.schema);
    this.insertManySql = outboxInsertManySql(options.schema);
  }

  /**
   * Validates the payload with the catalogue schema; returns the event id.
   * Takes the transaction as services hold it (`Transaction` from `Transactions.run`)
   * or as repositories do (TypeORM's transactional EntityManager).
   */
  async publish<D extends EventDefinition>(
    tx: Transaction | EntityManager,
    definition: D,
    payload: EventPayload<D>,
  ): Promise<string> {
    const manager = tx as EntityManager;
    if (!manager.queryRunner?.isTransactionActive) {
      // Outside a transaction the row would commit on its own, whatever happens to the change.
      throw new EventsError('EventPublishedOutsideTransactionException', definition.name);
    }
    const row = this.checkedRow(definition, payload, currentCorrelationId());
    await manager.query(this.insertSql, outboxInsertParams(this.options.schema, row));
    return row.id;
  }

  /**
   * Publishes many events of one or more definitions in one statement (bulk paths: a send
   * batch, buffered tracking events). Same rules as `publish`: inside a transaction, every
   * payload checked; one bad payload publishes none. Returns the event ids in order.
   */
  async publishMany(
    tx: Transaction | EntityManager,
    items: readonly { definition: EventDefinition; payload: unknown }[],
  ): Promise<string[]> {
    if (items.length === 0) return [];
    const manager = tx as EntityManager;
    if (!manager.queryRunner?.isTransactionActive) {
      throw new EventsError('EventPublishedOutsideTransactionException', items[0]!.definition.name);
    }
    const correlationId = currentCorrelationId();
    const rows = items.map(({ definition, payload }) =>
      this.checkedRow(definition, payload as EventPayload<typeof definition>, correlationId),
    );
    for (let i = 0; i < rows.length; i += 5_000) {
      const chunk = rows.slice(i, i + 5_000);
      await manager.query(this.insertManySql, outboxInsertManyParams(this.options.schema, chunk));
    }
    return rows.map((r) => r.id);
  }

  /** The outbox row of a payload checked against its schema; a bad payload is logged (without values). */
  private checkedRow<D extends EventDefinition>(
    definition: D,
    payload: EventPayload<D>,
    correlationId: string | undefined,
  ) {
    try {
      return buildOutboxRow(definition, payload, correlationId);
    } catch (error) {
      if (error instanceof EventsError) {
        this.logger.error(
          { event: definition.name, issues: error.issues },
          'event payload breaks its catalogue schema',
        );
      }
      throw error;
    }
  }
}
