import { Injectable } from '@nestjs/common';
import { PERSONS_DELETED_BATCH, personsDeleted } from '@meridian/contracts';
import { EventPublisher, type Transaction } from '@meridian/server-kit';

/**
 * Tells other services which persons were deleted, in the deleting transaction (outbox): a
 * delete that rolls back says nothing, one that commits is always told. Chunks of
 * PERSONS_DELETED_BATCH, so a bulk delete stays a handful of events.
 */
@Injectable()
export class PersonsDeletedPublisher {
  constructor(private readonly publisher: EventPublisher) {}

  async publish(
    tx: Transaction,
    organisationId: string,
    persons: ReadonlyArray<{ person_id: string; email: string }>,
  ): Promise<void> {
    if (persons.length === 0) return;
    const occurred_at = new Date().toISOString();
    const batches: Array<{ person_id: string; email: string }[]> = [];
    for (let i = 0; i < persons.length; i += PERSONS_DELETED_BATCH) {
      batches.push(persons.slice(i, i + PERSONS_DELETED_BATCH));
    }
    await this.publisher.publishMany(
      tx,
      batches.map((chunk) => ({
        definition: personsDeleted,
        payload: { organisation_id: organisationId, persons: chunk, occurred_at },
      })),
    );
  }
}
