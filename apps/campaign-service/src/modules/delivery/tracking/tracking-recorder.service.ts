import { Inject, Injectable } from '@nestjs/common';
import { emailEvents } from '@meridian/contracts';
import { CONFIG, EventPublisher, Transactions } from '@meridian/server-kit';
import type { BlockList } from 'node:net';
import type { CampaignConfig } from '../../../config';
import { ALL_LINKS_SECONDS, scannerNetworks } from './scanner-detection';
import { type Engagement, planBatch, type TrackingHit } from './tracking-batch';
import { TrackingRepository } from './tracking.repository';
import { messageFields } from '../event-message';

function eventOf(engagement: Engagement) {
  const fields = {
    ...messageFields(engagement.message, engagement.at),
    user_agent: engagement.userAgent,
    human: engagement.judgement.human,
    non_human_reason: engagement.judgement.reason,
  };
  return engagement.event === 'opened'
    ? { definition: emailEvents.emailOpened, payload: fields }
    : { definition: emailEvents.emailClicked, payload: { ...fields, url: engagement.url ?? '' } };
}

/**
 * Writes a batch of opens and clicks in one transaction: activity rows, the messages' first
 * times, the campaigns' open counts and the events, each one set-based statement.
 */
@Injectable()
export class TrackingRecorder {
  private readonly networks: BlockList | null;

  constructor(
    private readonly transactions: Transactions,
    private readonly tracking: TrackingRepository,
    private readonly events: EventPublisher,
    @Inject(CONFIG) config: CampaignConfig,
  ) {
    this.networks = config.TRACKING_SCANNER_CIDRS ? scannerNetworks(config.TRACKING_SCANNER_CIDRS) : null;
  }

  async record(hits: readonly TrackingHit[]): Promise<void> {
    if (hits.length === 0) return;
    await this.transactions.run(async (tx) => {
      const messages = await this.tracking.lockMessages(tx, [...new Set(hits.map((h) => h.messageId))]);
      const clicked = hits.filter((h) => h.kind === 'click' && messages.has(h.messageId));
      const recent = new Map<string, { url: string; at: Date }[]>();
      if (clicked.length > 0) {
        const since = new Date(Math.min(...clicked.map((h) => h.at.getTime())) - ALL_LINKS_SECONDS * 1000);
        const byRfcId = new Map([...messages.values()].map((m) => [m.message_id, m.id]));
        const rows = await this.tracking.recentClicks(tx, [...byRfcId.keys()], since);
        for (const row of rows) {
          const id = byRfcId.get(row.message_id)!;
          recent.set(id, [...(recent.get(id) ?? []), { url: row.link, at: new Date(row.occurred_at) }]);
        }
      }
      const plan = planBatch(hits, messages, recent, this.networks);
      await this.tracking.insertActivity(tx, plan.engagements);
      await this.tracking.updateMessages(tx, plan.messages);
      await this.tracking.addOpens(tx, plan.firstHumanOpens);
      await this.events.publishMany(tx, plan.engagements.map(eventOf));
    });
  }
}
