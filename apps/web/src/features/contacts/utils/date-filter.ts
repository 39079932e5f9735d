import { dayBounds } from '@/lib/day-bounds';

/** The contacts list's date-added filter: preset windows back from today. */
export const DATE_ADDED_OPTIONS = [
  { value: 'all', label: 'Any time', days: null },
  { value: '7', label: 'Last 7 days', days: 7 },
  { value: '30', label: 'Last 30 days', days: 30 },
  { value: '90', label: 'Last 90 days', days: 90 },
  { value: '365', label: 'Last 365 days', days: 365 },
] as const;

export type DateAddedValue = (typeof DATE_ADDED_OPTIONS)[number]['value'];

/** `YYYY-MM-DD` in the browser's calendar. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function dateAddedRange(
  value: DateAddedValue,
  today = new Date(),
): { start_date?: string; end_date?: string } {
  const option = DATE_ADDED_OPTIONS.find((o) => o.value === value);
  if (!option?.days) return {};
  const start = new Date(today);
  start.setDate(start.getDate() - option.days);
  // Instants of the viewer's days: the server reads a bare day in UTC.
  return dayBounds({ start_date: isoDay(start), end_date: isoDay(today) });
}
