import { type ReportPreset, reportPresetLabels, reportPresets } from '@meridian/contracts';

/** A report period: ISO date-times, or null at either end for an open range. */
export interface ReportPeriod {
  start_date: string | null;
  end_date: string | null;
}

export const DEFAULT_REPORT_PRESET: ReportPreset = 'all_time';

export const presetOptions = reportPresets.map((value) => ({ value, label: reportPresetLabels[value] }));

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Spec 9 'Sent in' presets as dates, in the viewer's time zone. 'Last day', 'last week' and
 * 'last 6 months' are rolling windows ending now; 'last month' and 'last year' are the previous
 * calendar month and year; the '... so far' presets run from the start of the current period to
 * now. 'All time' has no bounds. Worked out once when chosen, so the period does not creep
 * forward with every render (which would refetch every report).
 */
export function presetPeriod(preset: ReportPreset, now: Date = new Date()): ReportPeriod {
  const y = now.getFullYear();
  const m = now.getMonth();
  const until = (start: Date, end: Date = now): ReportPeriod => ({
    start_date: start.toISOString(),
    end_date: end.toISOString(),
  });
  switch (preset) {
    case 'last_day':
      return until(new Date(now.getTime() - DAY_MS));
    case 'last_week':
      return until(new Date(now.getTime() - 7 * DAY_MS));
    case 'this_month':
      return until(new Date(y, m, 1));
    case 'last_month':
      return until(new Date(y, m - 1, 1), new Date(y, m, 1));
    case 'this_quarter':
      return until(new Date(y, m - (m % 3), 1));
    case 'last_6_months':
      return until(monthsBefore(now, 6));
    case 'this_year':
      return until(new Date(y, 0, 1));
    case 'last_year':
      return until(new Date(y - 1, 0, 1), new Date(y, 0, 1));
    case 'all_time':
      return { start_date: null, end_date: null };
  }
}

/** The same day and time n months earlier, kept inside the shorter month (Aug 31 -> Feb 28). */
function monthsBefore(now: Date, months: number): Date {
  const target = new Date(now);
  target.setDate(1);
  target.setMonth(target.getMonth() - months);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  target.setDate(Math.min(now.getDate(), lastDay));
  return target;
}

/** Spec 4/5 date range: both ends valid dates and the end after the start. */
export function isValidRange(start: string, end: string): boolean {
  const from = Date.parse(start);
  const to = Date.parse(end);
  return !Number.isNaN(from) && !Number.isNaN(to) && to > from;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the date pickers hold it: 'YYYY-MM-DD HH:mm:ss' in the viewer's zone ('' for none). */
export function toPickerValue(iso: string | null): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A picker's local 'YYYY-MM-DD HH:mm:ss' as an ISO instant ('' when empty or not a date). */
export function fromPickerValue(value: string): string {
  const date = value ? new Date(value.replace(' ', 'T')) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : '';
}
