import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDateTime } from './format-date';

describe('dates in US English long form (spec 9)', () => {
  it('writes a calendar day as the day it is, whatever the time zone', () => {
    expect(formatCalendarDay('2027-06-01')).toBe('June 1, 2027');
    expect(formatCalendarDay('2027-12-31')).toBe('December 31, 2027');
    expect(formatCalendarDay('not a day')).toBe('not a day');
  });

  it('writes a moment with its date in long form', () => {
    expect(formatDateTime('2027-06-01T12:00:00Z')).toMatch(/^(May 31|June 1|June 2), 2027 at /);
  });
});
