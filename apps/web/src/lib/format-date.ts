/** Spec section 9: dates in US English long form. */
export function formatDateTime(value: string | number | Date): string {
  return format(value, { dateStyle: 'long', timeStyle: 'short' });
}

/** A calendar day written YYYY-MM-DD (a schedule's start or end), in US English long form. */
export function formatCalendarDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  // The day as written, wherever the browser is: read and shown in UTC.
  return date.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
}

/** The same moment, compact enough for a table cell. */
export function formatShortDateTime(value: string | number | Date): string {
  return format(value, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

function format(value: string | number | Date, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleString('en-US', options);
}
