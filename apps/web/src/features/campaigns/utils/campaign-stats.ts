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

/** Spec 2 columns: Delivered is a share of Total, Opened a share of Delivered. */
export function campaignStats(counts: Campaign['counts']) {
  return {
    total: counts.total_count,
    sent: counts.count_processed,
    delivered: counts.count_delivered,
    deliveredPercent: percentOf(counts.count_delivered, counts.total_count),
    opened: counts.open_count,
    openedPercent: percentOf(counts.open_count, counts.count_delivered),
  };
}
