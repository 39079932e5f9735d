import { describe, expect, it } from 'vitest';
import { activityRangeOf, bucketLabel, browserTzOffset, describeActivity } from './activity-range';

describe('activity ranges', () => {
  it('labels hours as the local hour and days from the date as written, whatever the zone', () => {
    expect(bucketLabel({ date: '2026-03-29', hour: 2, count: 0 }, 'hour')).toBe('02:00');
    expect(bucketLabel({ date: '2026-03-01', hour: null, count: 0 }, 'day')).toBe('Mar 1');
    expect(bucketLabel({ date: '2026-12-31', hour: null, count: 0 }, 'day')).toBe('Dec 31');
  });

  it('gives the zone offset east positive, as the report calls take it', () => {
    const east = { getTimezoneOffset: () => -120 } as Date;
    const west = { getTimezoneOffset: () => 300 } as Date;
    const utc = { getTimezoneOffset: () => 0 } as Date;
    expect(browserTzOffset(east)).toBe(120);
    expect(browserTzOffset(west)).toBe(-300);
    expect(Object.is(browserTzOffset(utc), 0)).toBe(true);
  });

  it('maps each range to the spec units and falls back to 24 hours', () => {
    expect(activityRangeOf('90d')).toMatchObject({ time_unit: 'day', time_range: 90 });
    expect(activityRangeOf('nope')).toMatchObject({ time_unit: 'hour', time_range: 24 });
  });

  it('says the total and the busiest bucket, in words', () => {
    const range = activityRangeOf('60d');
    const points = [
      { bucket: 'Jan 1', count: 1 },
      { bucket: 'Jan 2', count: 1200 },
    ];
    expect(describeActivity(['event', 'events'], points, 1201, range)).toBe(
      '1,201 events in the last 60 days; the busiest day was Jan 2 with 1,200',
    );
    expect(describeActivity(['error', 'errors'], [{ bucket: 'Jan 1', count: 1 }], 1, range)).toBe(
      '1 error in the last 60 days; the busiest day was Jan 1 with 1',
    );
    expect(describeActivity(['error', 'errors'], [], 0, range)).toBe('No errors in the last 60 days');
  });
});
