import { Injectable, type OnModuleInit } from '@nestjs/common';
import { events } from '@meridian/contracts';
import { EventConsumers, handleEvent } from '@meridian/server-kit';
import { DemoSeedService } from './demo-seed.service';

/**
 * Hears every new organisation; the demo one (local mode, SEED_DEMO not 'false') gets its data
 * set in the consumer's transaction, so the seed and the record of the event commit together.
 */
@Injectable()
export class DemoSeedConsumer implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly seeds: DemoSeedService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register('demo-seed', [
      handleEvent(events.organisationCreated, async (payload, { tx }) => {
        if (!this.seeds.wants(payload.domain)) return;
        await this.seeds.seed(tx, payload.organisation_id);
      }),
    ]);
  }
}
