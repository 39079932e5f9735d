import type { Client } from 'pg';

/** Each email event the reports count, with the counter it adds to (once per message). */
const COUNTERS = {
  processed: 'processed_count',
  sent: 'sent_count',
  not_sent: 'not_sent_count',
  dropped: 'dropped_count',
  delivered: 'delivered_count',
  bounced: 'bounce_count',
  spam: 'spamreport_count',
  unsubscribed: 'unsub_count',
} as const;
type Counted = keyof typeof COUNTERS;

export interface ReportsCheck {
  failures: string[];
  line: string;
}

/** Messages per event of the campaign, as its outbox holds them: what the reports must count. */
async function expectedCounts(db: Client, campaignId: string): Promise<Record<Counted, number>> {
  const { rows } = await db.query<{ event: string; n: number }>(
    `SELECT substring(name FROM '^campaign\\.email\\.(.+)\\.v[0-9]+$') AS event,
            count(DISTINCT payload ->> 'message_id')::int AS n
       FROM campaign.outbox
      WHERE name LIKE 'campaign.email.%' AND payload ->> 'campaign_id' = $1 AND payload ? 'message_id'
      GROUP BY 1`,
    [campaignId],
  );
  const counts = Object.fromEntries(Object.keys(COUNTERS).map((k) => [k, 0])) as Record<Counted, number>;
  for (const { event, n } of rows) if (event in COUNTERS) counts[event as Counted] = n;
  return counts;
}

/** What the reports service has counted for the campaign: its rollup and its message rows. */
async function reportedCounts(db: Client, campaignId: string) {
  const sums = Object.entries(COUNTERS)
    .map(([event, column]) => `coalesce(sum(${column}), 0)::int AS ${event}`)
    .join(', ');
  const { rows } = await db.query<Record<Counted, number>>(
    `SELECT ${sums} FROM reports.stats_hourly WHERE campaign_id = $1`,
    [campaignId],
  );
  const messages = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM reports.messages WHERE campaign_id = $1',
    [campaignId],
  );
  return { counts: rows[0]!, messages: messages.rows[0]!.n };
}

function differences(expected: Record<Counted, number>, counted: Record<Counted, number>): string[] {
  return (Object.keys(COUNTERS) as Counted[])
    .filter((event) => expected[event] !== counted[event])
    .map((event) => `${event} ${counted[event]} where the outbox holds ${expected[event]}`);
}

/**
 * The reports service consumed the campaign's email events through the kills of its process:
 * once it has caught up, every counter equals the messages with that event in the outbox (more
 * is an event counted twice, fewer one lost), and it holds one row per message. It is given
 * `timeoutMs` to catch up.
 */
export async function checkReports(
  db: Client,
  campaignId: string,
  messages: number,
  timeoutMs: number,
): Promise<ReportsCheck> {
  const expected = await expectedCounts(db, campaignId);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reported = await reportedCounts(db, campaignId);
    const wrong = differences(expected, reported.counts);
    if (reported.messages !== messages)
      wrong.push(`${reported.messages} message rows for ${messages} messages`);
    const over = (Object.keys(COUNTERS) as Counted[]).some((e) => reported.counts[e] > expected[e]);
    if (wrong.length === 0 || over || Date.now() > deadline) {
      const counts = (Object.keys(COUNTERS) as Counted[])
        .filter((event) => expected[event] > 0)
        .map((event) => `${event} ${reported.counts[event]}`)
        .join(', ');
      return {
        failures: wrong.map((w) => `reports: ${w}${over ? '' : ` after ${Math.round(timeoutMs / 1000)} s`}`),
        line:
          `reports: ${reported.messages} message rows; counted ${counts}: each message once per event, ` +
          'as the outbox holds them',
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
