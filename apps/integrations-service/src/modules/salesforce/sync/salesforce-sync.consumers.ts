import { Injectable, type OnModuleInit } from '@nestjs/common';
import { events } from '@meridian/contracts';
import { EventConsumers, handleEventBatch } from '@meridian/server-kit';
import { SalesforceDeleteQueueRepository } from './salesforce-delete-queue.repository';
import { objectOfBatch } from './salesforce-pull-batches';
import { SalesforcePushQueueRepository } from './salesforce-push-queue.repository';
import { SalesforceRecordsRepository } from './salesforce-records.repository';
import { SalesforceSyncRepository } from './salesforce-sync.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the campaign service sends the sync engine: persons to push (crmPersonsExported, into the
 * push queue) and its answers to pulled batches (contactsSyncApplied from source 'salesforce':
 * the run's read counts, refused rows as read errors), and persons deleted in the product
 * (personsDeleted: their records queued for deletion in Salesforce, or only unlinked).
 */
@Injectable()
export class SalesforceSyncConsumers implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly queue: SalesforcePushQueueRepository,
    private readonly records: SalesforceRecordsRepository,
    private readonly syncs: SalesforceSyncRepository,
    private readonly deletes: SalesforceDeleteQueueRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register('salesforce-persons-exported', [
      handleEventBatch(events.crmPersonsExported, async (batch, { tx }) => {
        await this.queue.enqueue(
          tx,
          batch.flatMap(({ payload }) =>
            UUID.test(payload.connection_id)
              ? payload.persons.map((p) => ({
                  organisation_id: payload.organisation_id,
                  connection_id: payload.connection_id,
                  person_id: p.person_id,
                  email: p.email,
                  values: p.values,
                  time_updated: p.time_updated,
                  reason: payload.reason,
                }))
              : [],
          ),
        );
      }),
    ]);
    await this.consumers.register('salesforce-persons-deleted', [
      handleEventBatch(events.personsDeleted, async (batch, { tx }) => {
        // One statement set per organisation of the batch, whatever the number of persons.
        const byOrganisation = new Map<string, Array<{ person_id: string; email: string }>>();
        for (const { payload } of batch) {
          const persons = byOrganisation.get(payload.organisation_id) ?? [];
          persons.push(...payload.persons);
          byOrganisation.set(payload.organisation_id, persons);
        }
        for (const [organisationId, persons] of byOrganisation) {
          if (UUID.test(organisationId)) await this.deletes.personsDeleted(tx, organisationId, persons);
        }
      }),
    ]);
    await this.consumers.register('salesforce-sync-applied', [
      handleEventBatch(events.contactsSyncApplied, async (batch, { tx }) => {
        for (const { payload } of batch) {
          if (
            payload.source !== 'salesforce' ||
            !UUID.test(payload.sync_run_id ?? '') ||
            !payload.connection_id
          )
            continue;
          const object = objectOfBatch(payload.batch_id);
          if (!object) continue;
          await this.syncs.addCounts(tx, payload.sync_run_id!, 'read', object, {
            inserted: payload.inserted,
            updated: payload.updated,
            failed: payload.failed,
          });
          await this.syncs.addApplied(tx, payload.sync_run_id!);
          await this.records.addErrors(
            tx,
            payload.organisation_id,
            payload.connection_id,
            payload.errors.map((e) => ({
              error_class: 'others' as const,
              direction: 'read' as const,
              object,
              record_key: e.email.toLowerCase(),
              sf_id: null,
              email: e.email || null,
              person_id: null,
              name: null,
              error_text: e.error,
            })),
          );
        }
      }),
    ]);
  }
}
