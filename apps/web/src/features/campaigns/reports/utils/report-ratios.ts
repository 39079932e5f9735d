import type { ReportStats } from '@meridian/contracts';
import { ratio } from './report-numbers';

/**
 * Spec 9 stat ratios, each a count of messages over a count of messages. 'Qualified' is, per
 * message, one for each person at each email step they reached: what was processed (a flow with
 * two email steps qualifies a person twice; the persons count, total_count, would give 200%).
 * 'Sent' is what was processed less what was not sent (suppressed, unsubscribed). Opens are
 * unique per message; the click rate is per open: of the messages opened, how many were clicked.
 */
export interface ReportRatios {
  sent: number;
  delivered: number;
  bounced: number;
  unsubscribed: number;
  spam: number;
  open: number;
  clickPerOpen: number;
}

/** Messages that went to the mail server: processed, less those skipped as not sent. */
export const sentCount = (stats: ReportStats) => Math.max(0, stats.processed_count - stats.not_sent_count);

export function reportRatios(stats: ReportStats): ReportRatios {
  const sent = sentCount(stats);
  return {
    sent: ratio(sent, stats.processed_count),
    delivered: ratio(stats.delivered_count, sent),
    bounced: ratio(stats.bounce_count, sent),
    unsubscribed: ratio(stats.unsub_count, stats.delivered_count),
    spam: ratio(stats.spamreport_count, stats.delivered_count),
    open: ratio(stats.unique_open_count, stats.delivered_count),
    clickPerOpen: ratio(stats.unique_click_count_by_email, stats.unique_open_count),
  };
}
