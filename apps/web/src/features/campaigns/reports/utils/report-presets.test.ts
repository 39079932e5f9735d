import { describe, expect, it } from 'vitest';
import { reportPresets } from '@meridian/contracts';
import { fromPickerValue, isValidRange, presetOptions, presetPeriod, toPickerValue } from './report-presets';

// Local-time constructors: the presets follow the viewer's calendar, whatever the zone.
const now = new Date(2026, 10, 26, 10, 30); // Thu Nov 26 2026, 10:30
const iso = (...parts: [number, number, number, number?, number?]) => new Date(...parts).toISOString();

describe('presetPeriod', () => {
  it('has no bounds for all time (the default)', () => {
    expect(presetPeriod('all_time', now)).toEqual({ start_date: null, end_date: null });
  });

  it('rolls the last day and last week back from now', () => {
    expect(presetPeriod('last_day', now)).toEqual({
      start_date: new Date(now.getTime() - 86_400_000).toISOString(),
      end_date: now.toISOString(),
    });
    expect(presetPeriod('last_week', now).start_date).toBe(
      new Date(now.getTime() - 7 * 86_400_000).toISOString(),
    );
  });

  it('runs the "so far" presets from the start of the month, quarter and year to now', () => {
    expect(presetPeriod('this_month', now)).toEqual({
      start_date: iso(2026, 10, 1),
      end_date: now.toISOString(),
    });
    expect(presetPeriod('this_quarter', now).start_date).toBe(iso(2026, 9, 1));
    expect(presetPeriod('this_year', now).start_date).toBe(iso(2026, 0, 1));
  });

  it('takes last month and last year as the previous calendar periods', () => {
    expect(presetPeriod('last_month', now)).toEqual({
      start_date: iso(2026, 9, 1),
      end_date: iso(2026, 10, 1),
    });
    expect(presetPeriod('last_year', now)).toEqual({
      start_date: iso(2025, 0, 1),
      end_date: iso(2026, 0, 1),
    });
  });

  it('crosses the year for last month in January and the first quarter', () => {
    const january = new Date(2027, 0, 15, 9);
    expect(presetPeriod('last_month', january)).toEqual({
      start_date: iso(2026, 11, 1),
      end_date: iso(2027, 0, 1),
    });
    expect(presetPeriod('this_quarter', january).start_date).toBe(iso(2027, 0, 1));
  });

  it('keeps six months back inside the shorter month', () => {
    expect(presetPeriod('last_6_months', now).start_date).toBe(iso(2026, 4, 26, 10, 30));
    expect(presetPeriod('last_6_months', new Date(2026, 7, 31, 8)).start_date).toBe(iso(2026, 1, 28, 8));
  });

  it('turns every preset into a range the reports accept (end after start)', () => {
    for (const preset of reportPresets) {
      const { start_date, end_date } = presetPeriod(preset, now);
      if (start_date && end_date) expect(isValidRange(start_date, end_date)).toBe(true);
    }
  });

  it('lists the presets in the spec order with their labels', () => {
    expect(presetOptions.map((o) => o.label)).toEqual([
      'Last day',
      'Last week',
      'This month so far',
      'Last month',
      'This quarter so far',
      'Last 6 months',
      'This year so far',
      'Last year',
      'All time',
    ]);
  });
});

describe('isValidRange', () => {
  it('needs both dates valid and the end after the start', () => {
    expect(isValidRange('2026-01-01T00:00', '2026-01-02T00:00')).toBe(true);
    expect(isValidRange('2026-01-02T00:00', '2026-01-02T00:00')).toBe(false);
    expect(isValidRange('2026-01-03T00:00', '2026-01-02T00:00')).toBe(false);
    expect(isValidRange('', '2026-01-02T00:00')).toBe(false);
    expect(isValidRange('2026-01-01T00:00', 'soon')).toBe(false);
  });
});

describe('picker values', () => {
  it("holds an instant as the viewer's local date and time, and gives it back as the same instant", () => {
    const instant = iso(2026, 10, 26, 22, 5);
    expect(toPickerValue(instant)).toBe('2026-11-26 22:05:00');
    expect(fromPickerValue('2026-11-26 22:05:00')).toBe(instant);
  });

  it('has no value for nothing or for what is not a date', () => {
    expect(toPickerValue(null)).toBe('');
    expect(toPickerValue('soon')).toBe('');
    expect(fromPickerValue('')).toBe('');
    expect(fromPickerValue('2026-13-45 99:00:00')).toBe('');
  });
});
