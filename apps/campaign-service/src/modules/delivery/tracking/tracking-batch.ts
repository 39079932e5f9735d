import type { EventMessage } from '../event-message';
import type { BlockList } from 'node:net';
import { type Judgement, judgeClick, judgeOpen, type Requester } from './scanner-detection';

/** One pixel fetch or link click, as the request path saw it (before any database work). */
export interface TrackingHit extends Requester {
  kind: 'open' | 'click';
  /** email_messages.id */
  messageId: string;
  /** Clicks: the URL redirected to. */
  url: string | null;
  at: Date;
}

/** A message with what the events and activity rows name, and what judging its engagement needs. */
export interface MessageContext extends EventMessage {
  links: string[];
  sent_at: Date | null;
  delivered_at: Date | null;
  first_opened_at: Date | null;
  human_opened_at: Date | null;
}

/** One opened or clicked event of the batch, judged. */
export interface Engagement {
  event: 'opened' | 'clicked';
  message: MessageContext;
  at: Date;
  url: string | null;
  userAgent: string | null;
  judgement: Judgement;
}

export interface MessageUpdate {
  id: string;
  openedAt: Date | null;
  clickedAt: Date | null;
  humanOpenedAt: Date | null;
}

export interface BatchPlan {
  engagements: Engagement[];
  messages: MessageUpdate[];
  /** campaign id -> messages whose first human open this batch holds (campaigns.open_count). */
  firstHumanOpens: Map<string, number>;
}

const earlier = (a: Date | null, b: Date) => (a && a <= b ? a : b);

/**
 * What a batch of hits writes, worked out in memory so the writes are a handful of set-based
 * statements. Hits of messages that no longer exist are dropped. A click of a message with no
 * open yet implies one (the mail was read to be clicked), judged like the click.
 */
export function planBatch(
  hits: readonly TrackingHit[],
  messages: ReadonlyMap<string, MessageContext>,
  recentClicks: ReadonlyMap<string, { url: string; at: Date }[]>,
  networks: BlockList | null,
): BatchPlan {
  const ordered = hits
    .filter((hit) => messages.has(hit.messageId))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  // Every click of the batch counts for the all-links rule, also those judged after it.
  const clicks = new Map<string, { url: string; at: Date }[]>();
  for (const hit of ordered) {
    if (hit.kind !== 'click' || !hit.url) continue;
    const list = clicks.get(hit.messageId) ?? [...(recentClicks.get(hit.messageId) ?? [])];
    list.push({ url: hit.url, at: hit.at });
    clicks.set(hit.messageId, list);
  }
  const engagements: Engagement[] = [];
  const updates = new Map<string, MessageUpdate>();
  const firstHumanOpens = new Map<string, number>();
  for (const hit of ordered) {
    const message = messages.get(hit.messageId)!;
    const update = updates.get(message.id) ?? {
      id: message.id,
      openedAt: null,
      clickedAt: null,
      humanOpenedAt: null,
    };
    updates.set(message.id, update);
    const judgement =
      hit.kind === 'open'
        ? judgeOpen(hit, networks)
        : judgeClick(
            { ...hit, url: hit.url ?? '' },
            {
              sentAt: message.sent_at,
              deliveredAt: message.delivered_at,
              links: message.links,
              recentClicks: (clicks.get(message.id) ?? []).filter((c) => c.at !== hit.at),
            },
            networks,
          );
    const opened = message.first_opened_at ?? update.openedAt;
    if (hit.kind === 'click' && !opened) {
      engagements.push({
        event: 'opened',
        message,
        at: hit.at,
        url: null,
        userAgent: hit.userAgent,
        judgement,
      });
    }
    if (hit.kind === 'click') {
      engagements.push({
        event: 'clicked',
        message,
        at: hit.at,
        url: hit.url,
        userAgent: hit.userAgent,
        judgement,
      });
      update.clickedAt = earlier(update.clickedAt, hit.at);
    } else {
      engagements.push({
        event: 'opened',
        message,
        at: hit.at,
        url: null,
        userAgent: hit.userAgent,
        judgement,
      });
    }
    update.openedAt = earlier(update.openedAt, hit.at);
    if (judgement.human) {
      if (!message.human_opened_at && !update.humanOpenedAt) {
        firstHumanOpens.set(message.campaign_id, (firstHumanOpens.get(message.campaign_id) ?? 0) + 1);
      }
      update.humanOpenedAt = earlier(update.humanOpenedAt, hit.at);
    }
  }
  return { engagements, messages: [...updates.values()], firstHumanOpens };
}
