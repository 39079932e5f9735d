import type { EmailEventName } from '@meridian/contracts';
import {
  bucketOf,
  type BucketKey,
  Deltas,
  type MessageEventPayload,
  type MessageMeta,
  metaOf,
  type StatCounter,
} from './fold-types';

/** An outcome of a message that happens once: its column, its counter and its detail columns. */
export interface Outcome {
  at: string;
  counter: StatCounter;
  details: (p: MessageEventPayload) => Record<string, string | null>;
}

const none = () => ({});
const reasonOf = (p: MessageEventPayload) => (p as { reason?: string }).reason ?? null;

export const outcomes = {
  emailProcessed: { at: 'processed_at', counter: 'processed_count', details: none },
  emailSent: { at: 'sent_at', counter: 'sent_count', details: none },
  emailNotSent: {
    at: 'not_sent_at',
    counter: 'not_sent_count',
    details: (p) => ({ not_sent_reason: reasonOf(p) }),
  },
  emailDropped: {
    at: 'dropped_at',
    counter: 'dropped_count',
    details: (p) => ({ dropped_reason: reasonOf(p) }),
  },
  emailDelivered: { at: 'delivered_at', counter: 'delivered_count', details: none },
  emailBounced: {
    at: 'bounced_at',
    counter: 'bounce_count',
    details: (p) => ({
      bounce_type: (p as { bounce_type?: string }).bounce_type ?? null,
      bounce_reason: reasonOf(p),
    }),
  },
  emailSpam: { at: 'spam_at', counter: 'spamreport_count', details: none },
  emailUnsubscribed: { at: 'unsub_at', counter: 'unsub_count', details: none },
} satisfies Partial<Record<EmailEventName, Outcome>>;
export type OutcomeEventName = keyof typeof outcomes;

export type OutcomeRow = MessageMeta & Record<string, string | null>;

/**
 * Applies a batch of one outcome's events to what is stored (`stored`: the outcome's time per
 * message, null when it has not happened; `sentAt`: when each stored message was sent). A message
 * counts once, in the hour it was sent; a repeat changes nothing; an earlier copy arriving late
 * moves the time, not the count.
 */
export function foldOutcome(
  outcome: Outcome,
  events: readonly MessageEventPayload[],
  stored: ReadonlyMap<string, string | null>,
  sentAt: ReadonlyMap<string, string> = new Map(),
): { messages: OutcomeRow[]; stats: (BucketKey & Partial<Record<StatCounter, number>>)[] } {
  const state = new Map(stored);
  const sent = new Map(sentAt);
  const changed = new Map<string, OutcomeRow>();
  const stats = new Deltas<BucketKey, StatCounter>();
  for (const p of events) {
    const at = new Date(p.occurred_at).toISOString();
    const before = state.get(p.message_id) ?? null;
    // The batch's first event of a message not stored yet is its first: the message was sent then.
    if (!sent.has(p.message_id)) sent.set(p.message_id, at);
    if (before !== null && before <= at) continue;
    if (before === null) stats.add(bucketOf(p, sent.get(p.message_id)), outcome.counter);
    state.set(p.message_id, at);
    changed.set(p.message_id, { ...metaOf(p), [outcome.at]: at, ...outcome.details(p) });
  }
  return { messages: [...changed.values()], stats: stats.list() };
}
