import { Injectable, type OnModuleInit } from '@nestjs/common';
import { events } from '@meridian/contracts';
import { EventConsumers, handleEventBatch } from '@meridian/server-kit';
import { SyncRunsRepository } from './sync-runs.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The campaign service's answers to sync batches: a run's inserted, updated and failed counts. */
@Injectable()
export class SyncAppliedConsumer implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly runs: SyncRunsRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register('warehouse-sync-applied', [
      handleEventBatch(events.contactsSyncApplied, async (batch, { tx }) => {
        const items = batch
          .map((e) => e.payload)
          .filter((p) => p.source === 'warehouse' && UUID.test(p.sync_run_id ?? ''))
          .map((p) => ({
            runId: p.sync_run_id!,
            inserted: p.inserted,
            updated: p.updated,
            failed: p.failed,
          }));
        await this.runs.addApplied(tx, items);
      }),
    ]);
  }
}
