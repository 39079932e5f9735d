import { describe, expect, it } from 'vitest';
import { dayRangeError, dayRangeTimes, defaultDayRange } from './date-window';

describe('the Salesforce date window', () => {
  it('starts 7 days back from today by default', () => {
    expect(defaultDayRange(new Date(2026, 10, 26, 15, 30))).toEqual({ from: '2026-11-19', to: '2026-11-26' });
  });

  it('reaches from the start of the first day to the end of the last', () => {
    const times = dayRangeTimes({ from: '2026-11-19', to: '2026-11-26' });
    expect(times.start_time).toBe(new Date(2026, 10, 19).toISOString());
    expect(times.end_time).toBe(new Date(2026, 10, 27).toISOString());
  });

  it('refuses a missing day and an end before the start', () => {
    expect(dayRangeError({ from: '', to: '2026-11-26' })).toBe('Enter a valid start and end date');
    expect(dayRangeError({ from: '2026-11-26', to: '2026-11-19' })).toBe('End date must be after start date');
    expect(dayRangeError({ from: '2026-11-26', to: '2026-11-26' })).toBeNull();
  });
});
