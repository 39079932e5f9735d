import { dateBoundOf, dateBoundSchema, windowInOrder } from './time-window';

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
