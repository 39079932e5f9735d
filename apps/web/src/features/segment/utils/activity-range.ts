import type { SegmentReportRow, SegmentTimeUnit } from '@meridian/contracts';

/** Spec section 9, Segment activity ranges: 24 hours (hourly); 30, 60 or 90 days (daily). */
export const ACTIVITY_RANGES = [
  { value: '24h', label: '24 hours', time_unit: 'hour', time_range: 24 },
  { value: '30d', label: '30 days', time_unit: 'day', time_range: 30 },
  { value: '60d', label: '60 days', time_unit: 'day', time_range: 60 },
  { value: '90d', label: '90 days', time_unit: 'day', time_range: 90 },
] as const satisfies readonly {
  value: string;
  label: string;
  time_unit: SegmentTimeUnit;
  time_range: number;
}[];

export type ActivityRange = (typeof ACTIVITY_RANGES)[number];
export type ActivityRangeValue = ActivityRange['value'];
export const DEFAULT_ACTIVITY_RANGE: ActivityRangeValue = '24h';

export function activityRangeOf(value: string): ActivityRange {
  return ACTIVITY_RANGES.find((range) => range.value === value) ?? ACTIVITY_RANGES[0];
}

/** The browser's offset from UTC in minutes, east positive, as the report calls take it. */
export function browserTzOffset(now: Date = new Date()): number {
  // getTimezoneOffset is west positive (UTC+02:00 gives -120); `|| 0` turns -0 into 0.
  return -now.getTimezoneOffset() || 0;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A bucket's label. The service already buckets by the browser's local day and hour, so the
 * date string is read as written and never passed through a Date (which would shift it by the
 * zone again).
 */
export function bucketLabel(row: SegmentReportRow, unit: SegmentTimeUnit): string {
  if (unit === 'hour' && row.hour !== null) return `${String(row.hour).padStart(2, '0')}:00`;
  const [, month, day] = row.date.split('-').map(Number);
  const name = month ? MONTHS[month - 1] : undefined;
  return name && day ? `${name} ${day}` : row.date;
}

export interface ActivityPoint {
  bucket: string;
  count: number;
}

export function chartPoints(rows: readonly SegmentReportRow[], unit: SegmentTimeUnit): ActivityPoint[] {
  return rows.map((row) => ({ bucket: bucketLabel(row, unit), count: row.count }));
}

/** What the chart shows, in words: for screen readers and for anyone who cannot read the bars. */
export function describeActivity(
  noun: [string, string],
  points: readonly ActivityPoint[],
  total: number,
  range: ActivityRange,
): string {
  const word = total === 1 ? noun[0] : noun[1];
  const period = `in the last ${range.label}`;
  if (total === 0) return `No ${noun[1]} ${period}`;
  const peak = points.reduce<ActivityPoint | null>(
    (best, p) => (!best || p.count > best.count ? p : best),
    null,
  );
  const per = range.time_unit === 'hour' ? 'hour' : 'day';
  return `${total.toLocaleString('en-US')} ${word} ${period}; the busiest ${per} was ${peak?.bucket} with ${peak?.count.toLocaleString('en-US')}`;
}
