import { describe, expect, it } from 'vitest';
import { dayBounds } from './day-bounds';

describe('dayBounds', () => {
  it("sends the viewer's days as instants: from the first day's start to the start of the day after the last", () => {
    expect(dayBounds({ start_date: '2026-11-20', end_date: '2026-11-27', page_number: 2 })).toEqual({
      start_date: new Date(2026, 10, 20).toISOString(),
      end_date: new Date(2026, 10, 28).toISOString(),
      page_number: 2,
    });
  });

  it('leaves out a bound that is not given, and crosses a month end', () => {
    expect(dayBounds({ end_date: '2026-11-30' })).toEqual({ end_date: new Date(2026, 11, 1).toISOString() });
    expect(dayBounds({})).toEqual({});
  });
});
