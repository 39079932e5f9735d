import type { Campaign } from '@meridian/contracts';

/** Spec 4: Active if active; else Draft if draft; else Inactive. */
export function campaignStatus(
  campaign: Pick<Campaign, 'active' | 'draft'>,
): 'Active' | 'Draft' | 'Inactive' {
  if (campaign.active) return 'Active';
  return campaign.draft ? 'Draft' : 'Inactive';
}

/** A share as a whole percentage ('0%' when there is nothing to share), precision 2 at most. */
export function percentOf(part: number, whole: number): string {
  if (whole <= 0) return '0%';
  return `${Number(((part / whole) * 100).toFixed(2))}%`;
}

/**
 * Spec 2 columns: Delivered is a share of the total, Opened a share of Delivered. Total counts
 * persons while Delivered counts messages, and a flow with two email steps sends a person two;
 * so the share is of the total in messages: one per person for each email step they reached,
 * which is what was processed (sent or not). A share can then never pass 100%. Sent is what was
 * processed less what was not sent (unsubscribed, suppressed), as the Reports tab counts it.
 */
export function campaignStats(counts: Campaign['counts']) {
  return {
    total: counts.total_count,
    sent: Math.max(0, counts.count_processed - counts.count_not_sent),
    delivered: counts.count_delivered,
    deliveredPercent: percentOf(counts.count_delivered, counts.count_processed),
    opened: counts.open_count,
    openedPercent: percentOf(counts.open_count, counts.count_delivered),
  };
}
