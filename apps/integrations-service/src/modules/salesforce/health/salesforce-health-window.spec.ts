import { windowOf } from './salesforce-health.service';

describe('Salesforce error window', () => {
  const now = new Date('2026-03-10T12:00:00Z');

  it('defaults to the 7 days before now', () => {
    expect(windowOf({}, now)).toEqual({ start: new Date('2026-03-03T12:00:00Z'), end: now });
  });

  it('reads a date-time without an offset (the web appends T00:00) as UTC', () => {
    expect(windowOf({ start_time: '2026-03-01T00:00', end_time: '2026-03-02T00:00' }, now)).toEqual({
      start: new Date('2026-03-01T00:00:00Z'),
      end: new Date('2026-03-02T00:00:00Z'),
    });
  });

  it('keeps an explicit offset and counts 7 days back from a given end', () => {
    expect(windowOf({ end_time: '2026-03-05T02:00:00+02:00' }, now)).toEqual({
      start: new Date('2026-02-26T00:00:00Z'),
      end: new Date('2026-03-05T00:00:00Z'),
    });
  });
});
