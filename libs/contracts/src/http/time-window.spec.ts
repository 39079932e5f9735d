import { dateBoundOf, dateBoundSchema, dateRangeInOrder, filterDateTime, windowInOrder } from './time-window';

describe('dateBoundOf', () => {
  it('reads a day, with or without the T00:00 that spec 9 appends', () => {
    expect(dateBoundOf('2026-11-20')).toEqual({ kind: 'day', day: '2026-11-20' });
    expect(dateBoundOf('2026-11-20T00:00')).toEqual({ kind: 'day', day: '2026-11-20' });
    expect(dateBoundOf('2026-11-20T00:00:00.000')).toEqual({ kind: 'day', day: '2026-11-20' });
  });

  it('reads an instant, UTC when it names no offset', () => {
    expect(dateBoundOf('2026-11-20T08:00:00.000Z')).toEqual({
      kind: 'instant',
      at: '2026-11-20T08:00:00.000Z',
    });
    expect(dateBoundOf('2026-11-20T00:00:00-08:00')).toEqual({
      kind: 'instant',
      at: '2026-11-20T08:00:00.000Z',
    });
    expect(dateBoundOf('2026-11-20T10:30')).toEqual({ kind: 'instant', at: '2026-11-20T10:30:00.000Z' });
  });

  it('refuses what is not a date', () => {
    for (const value of ['', 'soon', '2026-13-01', '2026-11-20 10:30', '20261120', '2026-11-20T25:00'])
      expect(dateBoundSchema.safeParse(value).success).toBe(false);
  });
});

describe('windowInOrder', () => {
  it('needs the end after the start only when both are given', () => {
    expect(windowInOrder({ start_time: '2026-11-20T00:00:00Z', end_time: '2026-11-19T00:00:00Z' })).toBe(
      false,
    );
    expect(windowInOrder({ start_time: '2026-11-20T00:00:00Z' })).toBe(true);
  });
});

describe('filterDateTime', () => {
  const schema = filterDateTime('Invalid date');
  it('takes a date-time with or without an offset', () => {
    expect(schema.safeParse('2026-11-01T00:00').success).toBe(true);
    expect(schema.safeParse('2026-11-01T00:00:00+05:30').success).toBe(true);
  });

  it('refuses years the database cannot store (year 0 is no year), with the message given', () => {
    for (const value of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+01:00']) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Invalid date');
    }
    expect(schema.safeParse('9999-12-31T23:59:59Z').success).toBe(true);
    expect(dateBoundOf('0000-01-01')).toBeNull();
  });

  it('says a value that is no date-time at all is invalid once, not once per check', () => {
    for (const value of ['garbage', 12345, '2026-02-30T00:00']) {
      const result = schema.safeParse(value);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Invalid date']);
    }
  });
});

describe('dateRangeInOrder', () => {
  it('takes a range whose end day counts itself, and either bound left out', () => {
    expect(dateRangeInOrder({ start_date: '2026-11-20', end_date: '2026-11-20' })).toBe(true);
    expect(dateRangeInOrder({ start_date: '2026-11-20T00:00', end_date: '2026-11-20T00:00' })).toBe(true);
    expect(dateRangeInOrder({ start_date: '2026-11-20T23:00:00Z', end_date: '2026-11-20' })).toBe(true);
    expect(dateRangeInOrder({ start_date: '2026-11-20' })).toBe(true);
    expect(dateRangeInOrder({ end_date: '2026-11-20' })).toBe(true);
  });

  it('refuses an end before the start, and an empty window of instants', () => {
    expect(dateRangeInOrder({ start_date: '2026-11-21', end_date: '2026-11-20' })).toBe(false);
    expect(dateRangeInOrder({ start_date: '2026-11-21T00:00:00Z', end_date: '2026-11-20' })).toBe(false);
    expect(dateRangeInOrder({ start_date: '2026-11-20T08:00:00Z', end_date: '2026-11-20T08:00:00Z' })).toBe(
      false,
    );
  });

  it('leaves a bound that is no date to its own field', () => {
    expect(dateRangeInOrder({ start_date: 'soon', end_date: '2026-11-20' })).toBe(true);
  });
});
