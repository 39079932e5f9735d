import type { FreqOptions, Schedule } from './schedule';
import { NEXT_RUN_TIMES_MAX, nextRunTime, nextRunTimes } from './schedule-times';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const at = (value: string) => new Date(value);

function recurring(
  zone: string,
  frequency: string,
  freq: FreqOptions,
  run_time = '09:00',
  start = '2026-01-01',
  end = '2027-12-31',
): Schedule {
  return {
    run_type: 'recurring',
    time_zone: zone,
    run_config: { start_date: start, end_date: end, run_time, frequency, freq_options: freq },
  };
}
function period(
  zone: string,
  frequency: string,
  unit: number,
  run_time: string,
  start: string,
  end: string,
): Schedule {
  return {
    run_type: 'period',
    time_zone: zone,
    run_config: { start_date: start, end_date: end, run_time, frequency, unit },
  };
}

describe('nextRunTimes', () => {
  it('has no runs for a schedule spanning more than 100 years, which it would walk day by day', () => {
    for (const unit of [1, 1_000_000]) {
      const far = recurring('UTC', 'week', { day: ['monday'], unit }, '09:00', '2026-01-01', '9999-12-31');
      expect(nextRunTimes(far, at('2026-06-01T00:00:00Z'), 5)).toEqual([]);
    }
    const century = recurring('UTC', 'week', { day: ['monday'] }, '09:00', '2026-01-01', '2126-01-01');
    expect(iso(nextRunTimes(century, at('2026-06-01T00:00:00Z'), 1))).toEqual(['2026-06-01T09:00:00.000Z']);
  });

  it('reads a schedule that names no zone in UTC', () => {
    const once: Schedule = { run_type: 'once', run_config: { start_date: '2026-03-02', run_time: '09:00' } };
    expect(iso(nextRunTimes(once, at('2026-03-01T00:00:00Z'), 1))).toEqual(['2026-03-02T09:00:00.000Z']);
  });

  it('runs a daily Berlin 09:00 schedule at 09:00 local across the spring-forward day', () => {
    const schedule = recurring('Europe/Berlin', 'day', { unit: 1 });
    expect(iso(nextRunTimes(schedule, at('2026-03-28T00:00:00Z'), 3))).toEqual([
      '2026-03-28T08:00:00.000Z', // CET, UTC+1
      '2026-03-29T07:00:00.000Z', // CEST from 29 March, UTC+2
      '2026-03-30T07:00:00.000Z',
    ]);
  });

  it('runs a daily New York 09:00 schedule at 09:00 local across the fall-back day', () => {
    const schedule = recurring('America/New_York', 'day', { unit: 1 });
    expect(iso(nextRunTimes(schedule, at('2026-10-31T00:00:00Z'), 3))).toEqual([
      '2026-10-31T13:00:00.000Z', // EDT, UTC-4
      '2026-11-01T14:00:00.000Z', // EST from 1 November, UTC-5
      '2026-11-02T14:00:00.000Z',
    ]);
  });

  it('moves a run time inside the spring-forward gap forward by the gap', () => {
    // 02:30 does not exist in Berlin on 29 March 2026; it runs at 03:30 CEST (01:30 UTC).
    const schedule = recurring('Europe/Berlin', 'day', { unit: 1 }, '02:30');
    expect(iso(nextRunTimes(schedule, at('2026-03-28T12:00:00Z'), 2))).toEqual([
      '2026-03-29T01:30:00.000Z',
      '2026-03-30T00:30:00.000Z',
    ]);
  });

  it('runs once, at the first occurrence, on a fall-back day with a repeated hour', () => {
    // 01:30 happens twice in New York on 1 November 2026 (EDT then EST): the EDT one runs.
    const schedule = recurring('America/New_York', 'day', { unit: 1 }, '01:30');
    expect(iso(nextRunTimes(schedule, at('2026-10-31T12:00:00Z'), 3))).toEqual([
      '2026-11-01T05:30:00.000Z',
      '2026-11-02T06:30:00.000Z',
      '2026-11-03T06:30:00.000Z',
    ]);
  });

  it('keeps high-frequency hours as elapsed time through a DST change', () => {
    const schedule = period('Europe/Berlin', 'hours', 1, '01:00', '2026-03-29', '2026-03-29');
    expect(iso(nextRunTimes(schedule, at('2026-03-28T00:00:00Z'), 30))).toEqual([
      '2026-03-29T00:00:00.000Z', // 01:00 CET
      '2026-03-29T01:00:00.000Z', // 03:00 CEST: the local clock skips 02:00
      // ... up to 23:00 CEST (21:00 UTC), the end day's last hour: the local day has 23 hours.
      ...Array.from({ length: 20 }, (_, i) => `2026-03-29T${String(i + 2).padStart(2, '0')}:00:00.000Z`),
    ]);
  });

  it('runs every 15 minutes from the start, resuming on the grid after a given time, until the end day', () => {
    const schedule = period('UTC', 'minutes', 15, '23:00', '2026-05-01', '2026-05-01');
    expect(iso(nextRunTimes(schedule, at('2026-05-01T23:20:00Z'), 10))).toEqual([
      '2026-05-01T23:30:00.000Z',
      '2026-05-01T23:45:00.000Z',
    ]);
  });

  it('lands on the local wall clock for every N days and weeks of a high-frequency schedule', () => {
    const days = period('America/New_York', 'days', 3, '08:15', '2026-10-30', '2026-11-10');
    expect(iso(nextRunTimes(days, at('2026-10-01T00:00:00Z'), 5))).toEqual([
      '2026-10-30T12:15:00.000Z',
      '2026-11-02T13:15:00.000Z',
      '2026-11-05T13:15:00.000Z',
      '2026-11-08T13:15:00.000Z',
    ]);
    const weeks = period('UTC', 'weeks', 2, '10:00', '2026-01-05', '2026-02-28');
    expect(iso(nextRunTimes(weeks, at('2026-01-06T00:00:00Z'), 9))).toEqual([
      '2026-01-19T10:00:00.000Z',
      '2026-02-02T10:00:00.000Z',
      '2026-02-16T10:00:00.000Z',
    ]);
  });

  it('runs on the last day of each month, including February in leap and common years', () => {
    const schedule = recurring('UTC', 'month', { date_string: 'last' }, '18:00', '2027-12-01', '2028-04-30');
    expect(iso(nextRunTimes(schedule, at('2027-12-01T00:00:00Z'), 10))).toEqual([
      '2027-12-31T18:00:00.000Z',
      '2028-01-31T18:00:00.000Z',
      '2028-02-29T18:00:00.000Z',
      '2028-03-31T18:00:00.000Z',
      '2028-04-30T18:00:00.000Z',
    ]);
  });

  it('runs a custom day 31 on the last day of shorter months', () => {
    const schedule = recurring(
      'Europe/Berlin',
      'month',
      { date_string: 'custom', date: 31 },
      '12:00',
      '2026-01-01',
      '2026-06-30',
    );
    expect(iso(nextRunTimes(schedule, at('2026-01-01T00:00:00Z'), 10))).toEqual([
      '2026-01-31T11:00:00.000Z',
      '2026-02-28T11:00:00.000Z',
      '2026-03-31T10:00:00.000Z',
      '2026-04-30T10:00:00.000Z',
      '2026-05-31T10:00:00.000Z',
      '2026-06-30T10:00:00.000Z',
    ]);
  });

  it('runs on the first of every second month counted from the start month', () => {
    const schedule = recurring(
      'UTC',
      'month',
      { date_string: 'first', unit: 2 },
      '06:00',
      '2026-01-15',
      '2026-12-31',
    );
    expect(iso(nextRunTimes(schedule, at('2026-01-01T00:00:00Z'), 10))).toEqual([
      '2026-03-01T06:00:00.000Z',
      '2026-05-01T06:00:00.000Z',
      '2026-07-01T06:00:00.000Z',
      '2026-09-01T06:00:00.000Z',
      '2026-11-01T06:00:00.000Z',
    ]);
  });

  it('runs weekly on the chosen weekdays, every second week from the start week', () => {
    // 2026-03-04 is a Wednesday; its week starts Sunday 1 March.
    const schedule = recurring(
      'UTC',
      'week',
      { day: ['monday', 'friday'], unit: 2 },
      '07:45',
      '2026-03-04',
      '2026-03-31',
    );
    expect(iso(nextRunTimes(schedule, at('2026-03-01T00:00:00Z'), 10))).toEqual([
      '2026-03-06T07:45:00.000Z',
      '2026-03-16T07:45:00.000Z',
      '2026-03-20T07:45:00.000Z',
      '2026-03-30T07:45:00.000Z',
    ]);
  });

  it('runs yearly on its date, and 29 February on the 28th in common years', () => {
    const schedule = recurring('UTC', 'year', { date: '02-29' }, '00:00', '2027-01-01', '2030-12-31');
    expect(iso(nextRunTimes(schedule, at('2027-01-01T00:00:00Z'), 10))).toEqual([
      '2027-02-28T00:00:00.000Z',
      '2028-02-29T00:00:00.000Z',
      '2029-02-28T00:00:00.000Z',
      '2030-02-28T00:00:00.000Z',
    ]);
  });

  it('includes a run on the end date and none after it', () => {
    const schedule = recurring('Asia/Tokyo', 'day', { unit: 1 }, '23:30', '2026-06-01', '2026-06-03');
    expect(iso(nextRunTimes(schedule, at('2026-01-01T00:00:00Z'), 10))).toEqual([
      '2026-06-01T14:30:00.000Z',
      '2026-06-02T14:30:00.000Z',
      '2026-06-03T14:30:00.000Z',
    ]);
    expect(nextRunTime(schedule, at('2026-06-03T14:30:00Z'))).toBeNull();
  });

  it('starts strictly after the given time, also in zones ahead of UTC', () => {
    const schedule = recurring('Pacific/Auckland', 'day', { unit: 1 }, '08:00', '2026-01-01', '2026-12-31');
    // 08:00 in Auckland on 10 June (NZST, UTC+12) is 20:00 UTC on 9 June.
    expect(nextRunTime(schedule, at('2026-06-09T19:59:59Z'))?.toISOString()).toBe('2026-06-09T20:00:00.000Z');
    expect(nextRunTime(schedule, at('2026-06-09T20:00:00Z'))?.toISOString()).toBe('2026-06-10T20:00:00.000Z');
  });

  it('runs a once schedule at its local start date and time, and only while that is ahead', () => {
    const schedule: Schedule = {
      run_type: 'once',
      time_zone: 'America/New_York',
      run_config: { start_date: '2026-07-04', run_time: '10:00' },
    };
    expect(iso(nextRunTimes(schedule, at('2026-07-01T00:00:00Z'), 5))).toEqual(['2026-07-04T14:00:00.000Z']);
    expect(nextRunTimes(schedule, at('2026-07-04T14:00:00Z'), 5)).toEqual([]);
  });

  it('has no timetable for at_once, incomplete or invalid schedules', () => {
    const from = at('2026-01-01T00:00:00Z');
    expect(nextRunTimes({ run_type: 'at_once' }, from, 3)).toEqual([]);
    expect(
      nextRunTimes({ ...recurring('UTC', 'day', { unit: 1 }), time_zone: 'Mars/Base' }, from, 3),
    ).toEqual([]);
    expect(nextRunTimes(recurring('UTC', 'week', { day: [] }), from, 3)).toEqual([]);
    expect(nextRunTimes(recurring('UTC', 'fortnight', {}), from, 3)).toEqual([]);
    expect(nextRunTimes(period('UTC', 'minutes', 0, '10:00', '2026-01-01', '2026-01-02'), from, 3)).toEqual(
      [],
    );
    expect(nextRunTimes(recurring('UTC', 'day', { unit: 1 }), from, 0)).toEqual([]);
  });

  it('caps one call at NEXT_RUN_TIMES_MAX times', () => {
    const schedule = period('UTC', 'minutes', 10, '00:00', '2026-01-01', '2026-12-31');
    expect(nextRunTimes(schedule, at('2025-12-31T00:00:00Z'), 5000)).toHaveLength(NEXT_RUN_TIMES_MAX);
  });
});
