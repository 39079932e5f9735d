import { describe, expect, it } from 'vitest';
import { dateRangeError, defaultDateRange } from './date-range';

describe('the static list date filter', () => {
  it('starts 365 days back and ends today', () => {
    expect(defaultDateRange(new Date(2026, 10, 22))).toEqual({
      start_date: '2025-11-22',
      end_date: '2026-11-22',
    });
  });

  it('needs two valid dates with the end after the start', () => {
    expect(dateRangeError({ start_date: '2026-01-01', end_date: '2026-02-01' })).toBeNull();
    expect(dateRangeError({ start_date: '2026-01-01', end_date: '2026-01-01' })).toBeNull();
    expect(dateRangeError({ start_date: '', end_date: '2026-02-01' })).toBe(
      'Enter a valid start and end date',
    );
    expect(dateRangeError({ start_date: '2026-03-01', end_date: '2026-02-01' })).toBe(
      'End date must be after start date',
    );
  });
});
