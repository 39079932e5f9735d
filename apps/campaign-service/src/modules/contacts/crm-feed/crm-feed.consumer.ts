import { Injectable, type OnModuleInit } from '@nestjs/common';
import { crmPushConfigured, crmResyncRequested } from '@meridian/contracts';
import { EventConsumers, handleEventBatch } from '@meridian/server-kit';
import { CrmExportService } from './crm-export.service';
import { CrmFeedService } from './crm-feed.service';

/**
 * Hears the integrations service's CRM settings (crmPushConfigured, applied set-based per
 * delivered batch) and its resync requests (each answered with crmPersonsExported), in the
 * consumer's transaction: applied once per event id.
 */
@Injectable()
export class CrmFeedConsumer implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly feeds: CrmFeedService,
    private readonly exports: CrmExportService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register('crm-feed', [
      handleEventBatch(crmPushConfigured, async (batch, { tx }) => {
        await this.feeds.configure(
          tx,
          batch.map((e) => e.payload),
        );
      }),
      handleEventBatch(crmResyncRequested, async (batch, { tx }) => {
        for (const { payload } of batch) await this.exports.forResync(tx, payload);
      }),
    ]);
  }
}
