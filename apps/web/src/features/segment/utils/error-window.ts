/** The errors list's windows; spec 9: error windows default to the last 7 days. */
export const ERROR_WINDOWS = [
  { value: '1', label: 'Last 24 hours', days: 1 },
  { value: '7', label: 'Last 7 days', days: 7 },
  { value: '30', label: 'Last 30 days', days: 30 },
] as const;

export type ErrorWindowValue = (typeof ERROR_WINDOWS)[number]['value'];
export const DEFAULT_ERROR_WINDOW: ErrorWindowValue = '7';

export function errorWindowOf(value: string) {
  return ERROR_WINDOWS.find((window) => window.value === value) ?? ERROR_WINDOWS[1];
}

/**
 * The window's start, rounded down to the minute so that the query key stays the same across
 * renders (and a refetch within the minute hits the cache) while still moving with time.
 */
export function windowStart(days: number, now: number = Date.now()): string {
  const minute = Math.floor(now / 60_000) * 60_000;
  return new Date(minute - days * 24 * 60 * 60_000).toISOString();
}
