import type { emailEvents, EventPayload } from '@meridian/contracts';

/** The fields every email event carries about its message. */
export type MessageEventPayload = EventPayload<typeof emailEvents.emailProcessed>;

/** A message row as first written (the outcome columns of the event that inserts it come beside). */
export interface MessageMeta {
  message_id: string;
  organisation_id: string;
  campaign_id: string;
  run_id: string;
  action_id: string;
  template_id: string | null;
  person_id: string;
  email: string;
  org_id: string | null;
  campaign_context: string;
  created_at: string;
}

/** The counters of the hourly rollup, all additive. */
export const statCounters = [
  'processed_count',
  'sent_count',
  'not_sent_count',
  'dropped_count',
  'delivered_count',
  'bounce_count',
  'spamreport_count',
  'unsub_count',
  'unique_open_count',
  'total_open_count',
  'unique_click_count_by_email',
  'total_click_count',
  'unique_click_count_by_url',
  'non_human_open_count',
  'non_human_click_count',
] as const;
export type StatCounter = (typeof statCounters)[number];

/** Where a rollup row sits: campaign, run, template and the hour its message was sent in. */
export interface BucketKey {
  campaign_id: string;
  run_id: string;
  template_id: string | null;
  bucket: string;
}

export const metaOf = (p: MessageEventPayload): MessageMeta => ({
  message_id: p.message_id,
  organisation_id: p.organisation_id,
  campaign_id: p.campaign_id,
  run_id: p.run_id,
  action_id: p.action_id,
  template_id: p.template_id,
  person_id: p.person_id,
  email: p.email,
  org_id: p.org_id,
  campaign_context: p.campaign_context,
  created_at: new Date(p.message_created_at ?? p.occurred_at).toISOString(),
});

const HOUR_MS = 3_600_000;

/**
 * The rollup row of an event: the UTC hour its message was sent in (the event's
 * message_created_at; for an event without it, `sentAt`, the stored message's first event, or
 * the event's own time), so every count of a 'Sent in' period is about the mails sent in it: an
 * open today of a mail sent last week counts in last week, whatever order the events arrive in.
 */
export function bucketOf(p: MessageEventPayload, sentAt?: string | null): BucketKey {
  const hour = Math.floor(Date.parse(p.message_created_at ?? sentAt ?? p.occurred_at) / HOUR_MS) * HOUR_MS;
  return {
    campaign_id: p.campaign_id,
    run_id: p.run_id,
    template_id: p.template_id,
    bucket: new Date(hour).toISOString(),
  };
}

/** Sums deltas per key (a rollup row), so one upsert per batch adds them all. */
export class Deltas<K extends object, C extends string> {
  private readonly rows = new Map<string, K & Partial<Record<C, number>>>();

  add(key: K, counter: C, by = 1): void {
    const id = JSON.stringify(key);
    const row = this.rows.get(id) ?? ({ ...key } as K & Partial<Record<C, number>>);
    (row as Record<string, unknown>)[counter] = ((row[counter] as number | undefined) ?? 0) + by;
    this.rows.set(id, row);
  }

  /** Sorted by key, so concurrent batches lock rollup rows in one order. */
  list(): (K & Partial<Record<C, number>>)[] {
    return [...this.rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  }
}

export const earlier = (a: string | null, b: string): string => (a === null || b < a ? b : a);
