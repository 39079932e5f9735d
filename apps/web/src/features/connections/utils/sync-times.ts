const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** 'just now', '5 minutes ago', 'in 2 hours': `value` relative to `now`; 'Never' for none. */
export function relativeTime(value: string | null | undefined, now: number): string {
  if (!value) return 'Never';
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return 'Never';
  if (Math.abs(seconds) < 60) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** '1 minute 5 seconds', '42 seconds': how long a run took. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return 'Not Available';
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes === 0) return part(rest, 'second');
  return rest === 0 ? part(minutes, 'minute') : `${part(minutes, 'minute')} ${part(rest, 'second')}`;
}

/** Spec 9: sync history and error windows default to the last 7 days. */
export const HISTORY_WINDOW_DAYS = 7;

/** The start of a window reaching back `days` from `now`; it ends at the moment of each read. */
export function lastDays(days: number, now: number): { start_time: string } {
  return { start_time: new Date(now - days * 24 * 3600 * 1000).toISOString() };
}

/** Counts with thousands separators. */
export const formatCount = (value: number) => value.toLocaleString('en-US');
