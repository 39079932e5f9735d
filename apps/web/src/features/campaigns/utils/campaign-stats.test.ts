import { describe, expect, it } from 'vitest';
import { campaignStatus, percentOf } from './campaign-stats';

describe('campaign list figures', () => {
  it('gives shares with at most two decimals and 0% of nothing', () => {
    expect(percentOf(1, 3)).toBe('33.33%');
    expect(percentOf(3, 4)).toBe('75%');
    expect(percentOf(0, 0)).toBe('0%');
    expect(percentOf(5, 0)).toBe('0%');
  });

  it('shows Active before Draft, and Inactive otherwise (spec 4)', () => {
    expect(campaignStatus({ active: true, draft: true })).toBe('Active');
    expect(campaignStatus({ active: false, draft: true })).toBe('Draft');
    expect(campaignStatus({ active: false, draft: false })).toBe('Inactive');
  });
});
