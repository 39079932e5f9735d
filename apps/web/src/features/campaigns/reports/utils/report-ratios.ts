import type { ReportStats } from '@meridian/contracts';
import { ratio } from './report-numbers';

/**
 * Spec 9 stat ratios. 'Sent' is what was handed to sending (processed); 'qualified' is every
 * person the runs qualified (total). Opens are unique per message; the click rate is per open:
 * of the people who opened, how many clicked.
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

export function reportRatios(stats: ReportStats): ReportRatios {
  return {
    sent: ratio(stats.processed_count, stats.total_count),
    delivered: ratio(stats.delivered_count, stats.processed_count),
    bounced: ratio(stats.bounce_count, stats.processed_count),
    unsubscribed: ratio(stats.unsub_count, stats.delivered_count),
    spam: ratio(stats.spamreport_count, stats.delivered_count),
    open: ratio(stats.unique_open_count, stats.delivered_count),
    clickPerOpen: ratio(stats.unique_click_count_by_email, stats.unique_open_count),
  };
}
