import { Inject, Injectable } from '@nestjs/common';
import { crmPersonsExported } from '@meridian/contracts';
import { EventPublisher, LOGGER, type Transaction } from '@meridian/server-kit';
import type { Logger } from 'pino';
import { type ExportScope, toExportBatches, toExported } from './crm-export-batches';
import type { PersonRow } from './crm-export.repository';

/** Publishes persons as crmPersonsExported batches in the caller's transaction; answers how many batches. */
@Injectable()
export class CrmExportPublisher {
  constructor(
    private readonly publisher: EventPublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async publish(
    tx: Transaction,
    rows: readonly PersonRow[],
    fields: readonly string[],
    scope: ExportScope,
    idBase: string,
  ): Promise<number> {
    const persons = rows.map((row) => toExported(row, fields));
    const batches = toExportBatches(persons, scope, idBase, undefined, (personId, dropped) =>
      // Field names only, never values.
      this.logger.warn(
        { connection_id: scope.connection_id, person_id: personId, fields: dropped },
        'person too large for one CRM export batch: its longest values were left out',
      ),
    );
    await this.publisher.publishMany(
      tx,
      batches.map((payload) => ({ definition: crmPersonsExported, payload })),
    );
    return batches.length;
  }

  async publishEmpty(tx: Transaction, scope: ExportScope, batchId: string): Promise<void> {
    await this.publisher.publish(tx, crmPersonsExported, { ...scope, batch_id: batchId, persons: [] });
  }
}
