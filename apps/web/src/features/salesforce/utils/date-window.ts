/** Spec 9: the sync history and error windows default to the last 7 days. */
export const DEFAULT_WINDOW_DAYS = 7;

/** Two calendar days, `YYYY-MM-DD` in the viewer's zone, as the date inputs hold them. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function defaultDayRange(today = new Date(), days = DEFAULT_WINDOW_DAYS): DayRange {
  const start = new Date(today);
  start.setDate(start.getDate() - days);
  return { from: isoDay(start), to: isoDay(today) };
}

const startOfDay = (day: string) => new Date(`${day}T00:00`);

/** Spec 5 "Date range": both valid and the end not before the start. */
export function dayRangeError(range: DayRange): string | null {
  const valid = (value: string) => DAY.test(value) && !Number.isNaN(startOfDay(value).getTime());
  if (!valid(range.from) || !valid(range.to)) return 'Enter a valid start and end date';
  if (range.to < range.from) return 'End date must be after start date';
  return null;
}

/**
 * The instants a call filters on: from the start of the first day (spec 9: dates get T00:00) to
 * the start of the day after the last, so the whole last day, today included, is in the window.
 */
export function dayRangeTimes(range: DayRange): { start_time: string; end_time: string } {
  const end = startOfDay(range.to);
  end.setDate(end.getDate() + 1);
  return { start_time: startOfDay(range.from).toISOString(), end_time: end.toISOString() };
}
