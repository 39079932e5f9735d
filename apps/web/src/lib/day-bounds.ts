/** A calendar day ('YYYY-MM-DD') of the viewer's zone, as the instants a date filter sends. */
function localMidnight(day: string, plusDays = 0): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date! + plusDays);
}

/**
 * A date filter from the viewer's first to last day, inclusive, as instants: the start of the
 * first day and the start of the day after the last (exclusive), so the days are the viewer's
 * own and not UTC's.
 */
export function dayBounds<T extends { start_date?: string; end_date?: string }>(range: T): T {
  return {
    ...range,
    ...(range.start_date ? { start_date: localMidnight(range.start_date).toISOString() } : {}),
    ...(range.end_date ? { end_date: localMidnight(range.end_date, 1).toISOString() } : {}),
  };
}
