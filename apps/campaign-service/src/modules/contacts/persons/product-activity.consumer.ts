import { Injectable, type OnModuleInit } from '@nestjs/common';
import { contactsSyncApplied, productEventsIngested } from '@meridian/contracts';
import { EventConsumers, handleEventBatch } from '@meridian/server-kit';
import { type IncomingProductEvent, ProductActivityRepository } from './product-activity.repository';

/**
 * Stores product events (Segment track/page/screen/group) as person product activity, which
 * dynamic lists filter on. Events of persons not known yet are parked; they are matched when a
 * later batch comes in or when contacts of the organisation land (contactsSyncApplied, e.g. after
 * a Segment identify). Events with neither email nor user id can never match a person and are not
 * kept here (the integrations service counts them).
 */
@Injectable()
export class ProductActivityConsumer implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly activity: ProductActivityRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register('product-activity', [
      handleEventBatch(productEventsIngested, async (batch, { tx }) => {
        const events: IncomingProductEvent[] = batch.flatMap(({ payload }) =>
          payload.events
            .filter((e) => e.email !== null || e.user_id !== null)
            .map((e) => ({ ...e, organisation_id: payload.organisation_id })),
        );
        await this.activity.store(tx, events);
        await this.activity.resolvePending(tx, organisationsOf(batch));
      }),
      handleEventBatch(contactsSyncApplied, async (batch, { tx }) => {
        const landed = batch.filter(({ payload }) => payload.inserted + payload.updated > 0);
        await this.activity.resolvePending(tx, organisationsOf(landed));
      }),
    ]);
  }
}

function organisationsOf(batch: readonly { payload: { organisation_id: string } }[]): string[] {
  return [...new Set(batch.map(({ payload }) => payload.organisation_id))];
}
