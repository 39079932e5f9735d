import { Injectable, type OnModuleInit } from '@nestjs/common';
import { events } from '@meridian/contracts';
import { EventConsumers, handleEventBatch } from '@meridian/server-kit';
import { InboundSyncService } from './inbound-sync.service';

/**
 * Hears contactsSynced (warehouse syncs, Segment identify calls) and lands each batch in the
 * consumer's transaction, in delivery order: the contacts, the record of the event and the
 * contactsSyncApplied answer commit together or not at all.
 */
@Injectable()
export class ContactsSyncedConsumer implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly inbound: InboundSyncService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register('contacts-synced', [
      handleEventBatch(events.contactsSynced, (batch, { tx }) =>
        this.inbound.applyAll(
          tx,
          batch.map(({ payload }) => payload),
        ),
      ),
    ]);
  }
}
