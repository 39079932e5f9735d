/** Spec section 9: the static list's date filter starts 365 days back. */
export const DEFAULT_RANGE_DAYS = 365;

export interface DateRange {
  start_date: string;
  end_date: string;
}

export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function defaultDateRange(today = new Date()): DateRange {
  const start = new Date(today);
  start.setDate(start.getDate() - DEFAULT_RANGE_DAYS);
  return { start_date: isoDay(start), end_date: isoDay(today) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Spec section 5, "Date range": both valid and end after start. */
export function dateRangeError(range: { start_date: string; end_date: string }): string | null {
  const valid = (value: string) => DAY.test(value) && !Number.isNaN(new Date(`${value}T00:00`).getTime());
  if (!valid(range.start_date) || !valid(range.end_date)) return 'Enter a valid start and end date';
  if (range.end_date < range.start_date) return 'End date must be after start date';
  return null;
}

export const REMOVE_CONFIRMATION =
  'Are you sure about removing the contact(s)? Once removed cannot be undone';
