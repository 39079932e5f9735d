import { Inject, Injectable } from '@nestjs/common';
import type { EventDefinition, EventPayload } from '@meridian/contracts';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import type { Transaction } from '../database/transactions';
import { currentCorrelationId } from '../logging/logger';
import { LOGGER } from '../logging/logger.module';
import { EVENTS_OPTIONS, type EventsModuleOptions } from './events.options';
import { EventsError } from './events.errors';
import { buildOutboxRow, outboxInsertParams, outboxInsertSql } from './outbox-sql';

/**
 * Publishes an event as part of the caller's transaction: the outbox row
 * commits or rolls back with the change it describes, and the relay (notified
 * on commit) carries it to the transport. Nothing is sent before the commit,
 * so no event describes a change that did not happen.
 */
@Injectable()
export class EventPublisher {
  private readonly insertSql: string;

  constructor(
    @Inject(EVENTS_OPTIONS) private readonly options: Pick<EventsModuleOptions, 'schema'>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.insertSql = outboxInsertSql(options.schema);
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
    let row;
    try {
      row = buildOutboxRow(definition, payload, currentCorrelationId());
    } catch (error) {
      if (error instanceof EventsError) {
        this.logger.error(
          { event: definition.name, issues: error.issues },
          'event payload breaks its catalogue schema',
        );
      }
      throw error;
    }
    await manager.query(this.insertSql, outboxInsertParams(this.options.schema, row));
    return row.id;
  }
}
