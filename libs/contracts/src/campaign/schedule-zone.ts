/**
 * Wall-clock maths in an IANA time zone with nothing but Intl, so the web and the services share it
 * without a date library. Local dates are plain `{ year, month, day }` (month 1-12).
 */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when Intl knows the zone (an IANA name such as Europe/Berlin, or UTC). */
export function isTimeZone(value: string): boolean {
  if (value.trim() === '') return false;
  try {
    formatterFor(value);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `instant` in the zone, as milliseconds of a UTC date with the same fields. */
function wallClockMs(timeZone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** Offset of the zone from UTC at an instant, in milliseconds (Berlin in summer: +7,200,000). */
export function zoneOffsetMs(timeZone: string, instant: number): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClockMs(timeZone, whole) - whole;
}

/** Minutes since local midnight of an instant in the zone. */
export function localMinutesOf(timeZone: string, instant: number): number {
  return Math.floor((wallClockMs(timeZone, instant) % DAY_MS) / 60_000);
}

/** The local calendar date of an instant in the zone. */
export function localDateOf(timeZone: string, instant: number): LocalDate {
  const wall = new Date(wallClockMs(timeZone, instant));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/**
 * The instant a wall-clock time happens in the zone. On a fall-back day the earlier of the two
 * instants is taken (a schedule runs once, at the first 01:30); in a spring-forward gap the time is
 * moved forward by the gap (02:30 in Berlin on the last Sunday of March becomes 03:30), so the run
 * happens that day rather than being skipped.
 */
export function zonedInstant(timeZone: string, date: LocalDate, minutesOfDay: number): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minutesOfDay * 60_000;
  // Real zones change offset at most once within a day either side, so these two cover both sides.
  const before = zoneOffsetMs(timeZone, wall - DAY_MS);
  const after = zoneOffsetMs(timeZone, wall + DAY_MS);
  const valid = [wall - before, wall - after].filter((t) => wallClockMs(timeZone, t) === wall);
  if (valid.length > 0) return Math.min(...valid);
  return wall - before;
}

/** Days since 1970-01-01 of a local date, for calendar arithmetic free of zones. */
export function epochDay(date: LocalDate): number {
  return Math.floor(Date.UTC(date.year, date.month - 1, date.day) / DAY_MS);
}

export function fromEpochDay(days: number): LocalDate {
  const d = new Date(days * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Parses 'YYYY-MM-DD' (optionally followed by 'T00:00', as the spec's forms send it). */
export function parseLocalDate(value: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T00:00(?::00)?)?$/.exec(value);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (date.month < 1 || date.month > 12 || date.day < 1) return null;
  return date.day <= daysInMonth(date.year, date.month) ? date : null;
}

/** Parses 'HH:mm' (24-hour) into minutes of the day. */
export function parseRunTime(value: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export function formatLocalDate(date: LocalDate): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}
