import { describe, expect, it } from 'vitest';
import type { ReportStats } from '@meridian/contracts';
import { abbreviateNumber, formatPercent, ratio } from './report-numbers';
import { reportRatios } from './report-ratios';

describe('abbreviateNumber', () => {
  it('writes counts under a million in full', () => {
    expect(abbreviateNumber(0)).toBe('0');
    expect(abbreviateNumber(999_999)).toBe('999,999');
  });

  it('names the scale from a million up, with at most 2 decimals', () => {
    expect(abbreviateNumber(1_000_000)).toBe('1 Million');
    expect(abbreviateNumber(1_500_000)).toBe('1.5 Million');
    expect(abbreviateNumber(2_345_678_901)).toBe('2.35 Billion');
    expect(abbreviateNumber(7e12)).toBe('7 Trillion');
    expect(abbreviateNumber(3.25e15)).toBe('3.25 Quadillion');
    expect(abbreviateNumber(4e18)).toBe('4 Quinitillion');
    expect(abbreviateNumber(4e21)).toBe('4,000 Quinitillion');
  });
});

describe('ratio and formatPercent', () => {
  it('is 0 with nothing to divide by', () => {
    expect(ratio(5, 0)).toBe(0);
    expect(formatPercent(ratio(0, 0))).toBe('0%');
  });

  it('shows a percentage with at most 2 decimals', () => {
    expect(formatPercent(ratio(1, 3))).toBe('33.33%');
    expect(formatPercent(ratio(1, 2))).toBe('50%');
    expect(formatPercent(1)).toBe('100%');
  });
});

const stats = (overrides: Partial<ReportStats>): ReportStats => ({
  total_count: 0,
  processed_count: 0,
  delivered_count: 0,
  bounce_count: 0,
  dropped_count: 0,
  spamreport_count: 0,
  not_sent_count: 0,
  unsub_count: 0,
  unique_open_count: 0,
  total_open_count: 0,
  unique_click_count_by_email: 0,
  total_click_count: 0,
  unique_click_count_by_url: 0,
  non_human_open_count: 0,
  non_human_click_count: 0,
  ...overrides,
});

describe('reportRatios', () => {
  it('divides messages by messages: qualified is one per person per email step reached', () => {
    // 100 persons through two email steps: 200 messages processed, 40 of them not sent.
    const ratios = reportRatios(
      stats({
        total_count: 100,
        processed_count: 200,
        not_sent_count: 40,
        delivered_count: 150,
        bounce_count: 8,
        unsub_count: 3,
        spamreport_count: 6,
        unique_open_count: 60,
        total_open_count: 90,
        unique_click_count_by_email: 15,
        total_click_count: 40,
      }),
    );
    expect(ratios).toEqual({
      sent: 0.8, // 160 sent / 200 qualified messages (not 160 / 100 persons)
      delivered: 0.9375, // 150 / 160 sent
      bounced: 0.05, // 8 / 160 sent
      unsubscribed: 0.02, // 3 / 150 delivered
      spam: 0.04, // 6 / 150 delivered
      open: 0.4, // 60 unique opens / 150 delivered
      clickPerOpen: 0.25, // 15 clickers / 60 openers
    });
  });

  it('is all zero before anything was sent', () => {
    expect(Object.values(reportRatios(stats({})))).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});
