import {
  publishedSchedule,
  type Schedule,
  scheduleErrors,
  scheduleMessages as m,
  scheduleSchema,
  todayIn,
} from './schedule';
import { isTimeZone, localDateOf, localMinutesOf, zonedInstant } from './schedule-zone';

const today = '2026-06-10';
const base = (run_type: string, run_config: NonNullable<Schedule['run_config']>): Schedule => ({
  run_type,
  time_zone: 'Europe/Berlin',
  run_config: { start_date: '2026-06-10', end_date: '2026-07-10', run_time: '09:30', ...run_config },
});

describe('scheduleErrors', () => {
  it('asks for a schedule type when there is none or an unknown one', () => {
    expect(scheduleErrors(null, today)).toEqual({ run_type: m.runTypeRequired });
    expect(scheduleErrors({ run_type: 'sometimes' }, today)).toEqual({ run_type: m.runTypeRequired });
  });

  it('needs nothing more for at_once', () => {
    expect(scheduleErrors({ run_type: 'at_once' }, today)).toEqual({});
  });

  it('needs a start date and a run time for once, but no end date and no zone (UTC then)', () => {
    expect(scheduleErrors({ run_type: 'once', run_config: {} }, today)).toEqual({
      'run_config.start_date': m.startDateRequired,
      'run_config.run_time': m.runTimeRequired,
    });
    expect(scheduleErrors(base('once', { end_date: null }), today)).toEqual({});
    const { time_zone: _zone, ...zoneless } = base('once', {});
    expect(scheduleErrors(zoneless, today)).toEqual({});
    expect(publishedSchedule(zoneless).time_zone).toBe('UTC');
  });

  it('refuses a start before today, a malformed time and an unknown zone', () => {
    expect(
      scheduleErrors(
        { ...base('once', { start_date: '2026-06-09', run_time: '24:00' }), time_zone: 'Nowhere/City' },
        today,
      ),
    ).toEqual({
      time_zone: m.timeZoneInvalid,
      'run_config.start_date': m.startInPast,
      'run_config.run_time': m.runTimeRequired,
    });
    expect(scheduleErrors(base('once', { start_date: '2026-02-30' }), today)).toEqual({
      'run_config.start_date': m.startDateRequired,
    });
  });

  it('needs an end date not before the start unless the schedule runs once', () => {
    const frequency = { frequency: 'day', freq_options: { unit: 1 } };
    expect(scheduleErrors(base('recurring', { ...frequency, end_date: null }), today)).toEqual({
      'run_config.end_date': m.endDateRequired,
    });
    expect(scheduleErrors(base('recurring', { ...frequency, end_date: '2026-06-09' }), today)).toEqual({
      'run_config.end_date': m.endBeforeStart,
    });
    expect(scheduleErrors(base('recurring', { ...frequency, end_date: '2026-06-10' }), today)).toEqual({});
  });

  it('refuses an end date more than 100 years after the start', () => {
    const frequency = { frequency: 'week', freq_options: { day: ['monday'] } };
    expect(scheduleErrors(base('recurring', { ...frequency, end_date: '2126-06-10' }), today)).toEqual({});
    for (const end_date of ['2126-06-11', '9999-12-31']) {
      expect(scheduleErrors(base('recurring', { ...frequency, end_date }), today)).toEqual({
        'run_config.end_date': 'End date must be within 100 years of the start date',
      });
      expect(
        scheduleErrors(base('period', { frequency: 'days', unit: 2, end_date }), today)[
          'run_config.end_date'
        ],
      ).toBe(m.endTooFar);
    }
    // A once schedule reads no end date.
    expect(scheduleErrors(base('once', { end_date: '9999-12-31' }), today)).toEqual({});
  });

  it('checks a high-frequency period and unit with the spec messages', () => {
    expect(scheduleErrors(base('period', {}), today)).toEqual({
      'run_config.frequency': m.frequencyRequired,
    });
    expect(scheduleErrors(base('period', { frequency: 'seconds', unit: 5 }), today)).toEqual({
      'run_config.frequency': m.frequencyInvalid,
    });
    expect(scheduleErrors(base('period', { frequency: 'hours' }), today)).toEqual({
      'run_config.unit': m.unitInvalid,
    });
    expect(scheduleErrors(base('period', { frequency: 'hours', unit: 1.5 }), today)).toEqual({
      'run_config.unit': m.unitInvalid,
    });
    expect(scheduleErrors(base('period', { frequency: 'minutes', unit: 9 }), today)).toEqual({
      'run_config.unit': m.minutesTooShort,
    });
    expect(scheduleErrors(base('period', { frequency: 'minutes', unit: 10 }), today)).toEqual({});
    expect(scheduleErrors(base('period', { frequency: 'weeks', unit: 2 }), today)).toEqual({});
  });

  it('checks each recurring frequency with the spec messages', () => {
    const recurringWith = (frequency: string | null, freq_options: object) =>
      scheduleErrors(base('recurring', { frequency, freq_options }), today);
    expect(recurringWith(null, {})).toEqual({ 'run_config.frequency': m.frequencyRequired });
    expect(recurringWith('hour', {})).toEqual({ 'run_config.frequency': m.frequencyRequired });
    expect(recurringWith('day', {})).toEqual({ 'run_config.freq_options.unit': m.unitInvalid });
    expect(recurringWith('day', { unit: 0 })).toEqual({ 'run_config.freq_options.unit': m.unitInvalid });
    expect(recurringWith('week', { day: [] })).toEqual({ 'run_config.freq_options.day': m.scheduleRequired });
    expect(recurringWith('week', { day: ['funday'] })).toEqual({
      'run_config.freq_options.day': m.scheduleRequired,
    });
    expect(recurringWith('week', { day: ['sunday', 'saturday'] })).toEqual({});
    expect(recurringWith('month', {})).toEqual({
      'run_config.freq_options.date_string': m.dateStringInvalid,
    });
    expect(recurringWith('month', { date_string: 'custom', date: 32 })).toEqual({
      'run_config.freq_options.date': m.customDayInvalid,
    });
    expect(recurringWith('month', { date_string: 'custom', date: 0 })).toEqual({
      'run_config.freq_options.date': m.customDayInvalid,
    });
    expect(recurringWith('month', { date_string: 'custom', date: 31 })).toEqual({});
    expect(recurringWith('month', { date_string: 'last' })).toEqual({});
    expect(recurringWith('year', {})).toEqual({ 'run_config.freq_options.date': m.scheduleRequired });
    expect(recurringWith('year', { date: '02-30' })).toEqual({
      'run_config.freq_options.date': m.scheduleRequired,
    });
    expect(recurringWith('year', { date: '02-29' })).toEqual({});
    expect(recurringWith('month', { date_string: 'first', unit: -1 })).toEqual({
      'run_config.freq_options.unit': m.unitInvalid,
    });
  });

  it('keeps the spec texts word for word', () => {
    expect(m.minutesTooShort).toBe("Frequency can't be less than 10 minutes");
    expect(m.endBeforeStart).toBe('End date must be after start date');
    expect(m.customDayInvalid).toBe('Insert a valid day');
  });
});

describe('scheduleSchema', () => {
  it('stores an incomplete draft schedule and refuses wrong types', () => {
    expect(
      scheduleSchema.safeParse({ run_type: 'recurring', run_config: { frequency: 'week' } }).success,
    ).toBe(true);
    expect(scheduleSchema.safeParse({ run_type: 'once', run_config: { unit: 'ten' } }).success).toBe(false);
  });
});

describe('time zone helpers', () => {
  it('names the local today of a zone', () => {
    // 23:30 UTC on 9 June is already 10 June in Berlin and still 9 June in New York.
    const now = new Date('2026-06-09T23:30:00Z');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-06-10');
    expect(todayIn('America/New_York', now)).toBe('2026-06-09');
  });

  it('knows real zones only', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('converts a wall-clock time on both sides of a zone change', () => {
    const berlin = (day: number, minutes: number) =>
      new Date(zonedInstant('Europe/Berlin', { year: 2026, month: 10, day }, minutes)).toISOString();
    // Fall-back on 25 October 2026: 02:30 happens twice; the CEST one (00:30 UTC) is taken.
    expect(berlin(25, 150)).toBe('2026-10-25T00:30:00.000Z');
    expect(berlin(25, 180)).toBe('2026-10-25T02:00:00.000Z');
    expect(berlin(24, 150)).toBe('2026-10-24T00:30:00.000Z');
  });

  it.each(['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Santiago'])(
    'finds every half hour of 2026 again from its wall clock in %s',
    (zone) => {
      // Each instant maps back to itself, except the second pass through a fall-back hour,
      // which maps to the first (earlier) instant with the same wall clock.
      const start = Date.UTC(2026, 0, 1);
      for (let t = start; t < start + 365 * 86_400_000; t += 30 * 60_000) {
        const back = zonedInstant(zone, localDateOf(zone, t), localMinutesOf(zone, t));
        if (back !== t) {
          expect(back).toBeLessThan(t);
          expect([localDateOf(zone, back), localMinutesOf(zone, back)]).toEqual([
            localDateOf(zone, t),
            localMinutesOf(zone, t),
          ]);
        }
      }
    },
  );
});

describe('publishedSchedule', () => {
  const leftovers = {
    frequency: 'month',
    unit: 15,
    freq_options: { unit: 2, day: ['monday'], date_string: 'first', date: 12 },
  };

  it("keeps only what the schedule's type reads", () => {
    expect(publishedSchedule(base('once', leftovers)).run_config).toEqual({
      start_date: '2026-06-10',
      run_time: '09:30',
    });
    expect(publishedSchedule(base('at_once', leftovers)).run_config).toEqual({});
    expect(publishedSchedule(base('period', { ...leftovers, frequency: 'hours' })).run_config).toEqual({
      start_date: '2026-06-10',
      end_date: '2026-07-10',
      run_time: '09:30',
      frequency: 'hours',
      unit: 15,
    });
  });

  it("keeps only the recurring frequency's options, a month's day only when custom", () => {
    const options = (frequency: string, extra: object = {}) =>
      publishedSchedule(base('recurring', { ...leftovers, frequency, ...extra })).run_config?.freq_options;
    expect(options('day')).toEqual({ unit: 2 });
    expect(options('week')).toEqual({ unit: 2, day: ['monday'] });
    expect(options('month')).toEqual({ unit: 2, date_string: 'first' });
    expect(options('month', { freq_options: { date_string: 'custom', date: 12, day: ['monday'] } })).toEqual({
      date_string: 'custom',
      date: 12,
    });
    expect(options('year', { freq_options: { date: '02-29', date_string: 'last' } })).toEqual({
      date: '02-29',
    });
  });

  it('keeps the zone and the rest of the schedule', () => {
    const published = publishedSchedule(base('once', leftovers));
    expect(published.time_zone).toBe('Europe/Berlin');
    expect(published.run_type).toBe('once');
  });
});
