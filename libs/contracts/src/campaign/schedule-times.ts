import {
  daysInMonth,
  epochDay,
  fromEpochDay,
  type LocalDate,
  parseLocalDate,
  parseRunTime,
  weekdayOf,
  zonedInstant,
} from './schedule-zone';
import {
  isBeyondScheduleSpan,
  monthDateStringSchema,
  parseYearDate,
  periodFrequencySchema,
  recurringFrequencySchema,
  type Schedule,
  scheduleZone,
  weekdayIndexes,
} from './schedule';

/** The most run times one call hands back; callers page by passing the last time as `after`. */
export const NEXT_RUN_TIMES_MAX = 1000;
const MINUTE_MS = 60_000;

/**
 * The next `count` run times of a schedule strictly after `after`, in time order. Dates and the run
 * time are wall-clock in the schedule's IANA zone, so a daily 09:00 run stays at 09:00 local across
 * DST changes; high-frequency minutes and hours are elapsed time from the first run. A run time in a
 * spring-forward gap moves forward by the gap; on a fall-back day the first occurrence runs. Runs go
 * up to and including the end date. An 'at_once' schedule runs when published, so it has no timetable
 * here; an invalid schedule yields no times (check `scheduleErrors` first).
 */
export function nextRunTimes(schedule: Schedule, after: Date, count: number): Date[] {
  const config = schedule.run_config;
  const zone = scheduleZone(schedule);
  const limit = Math.min(Math.max(Math.floor(count), 0), NEXT_RUN_TIMES_MAX);
  if (!config || !zone || limit === 0) return [];
  const start = config.start_date ? parseLocalDate(config.start_date) : null;
  const minutes = config.run_time ? parseRunTime(config.run_time) : null;
  if (!start || minutes === null) return [];
  const end = config.end_date ? parseLocalDate(config.end_date) : null;
  // A span `scheduleErrors` refuses has no runs: walking it would take seconds.
  if (end && isBeyondScheduleSpan(start, end)) return [];
  const from = after.getTime();
  try {
    switch (schedule.run_type) {
      case 'once': {
        const at = zonedInstant(zone, start, minutes);
        return at > from ? [new Date(at)] : [];
      }
      case 'period': {
        if (!end) return [];
        const frequency = periodFrequencySchema.safeParse(config.frequency);
        const every = config.unit;
        if (!frequency.success || !isWhole(every)) return [];
        const f = frequency.data;
        if (f === 'minutes' || f === 'hours') {
          return elapsedRuns(
            zone,
            start,
            end,
            minutes,
            every * (f === 'hours' ? 60 : 1) * MINUTE_MS,
            from,
            limit,
          );
        }
        const stride = every * (f === 'weeks' ? 7 : 1);
        return calendarRuns(
          zone,
          start,
          end,
          minutes,
          from,
          limit,
          (d) => (epochDay(d) - epochDay(start)) % stride === 0,
        );
      }
      case 'recurring': {
        if (!end) return [];
        const matches = recurringMatcher(schedule, start);
        return matches ? calendarRuns(zone, start, end, minutes, from, limit, matches) : [];
      }
      case 'at_once':
      case null:
      case undefined:
        return [];
      default:
        return [];
    }
  } catch {
    // An unknown zone: the schedule is invalid, and an invalid schedule has no runs.
    return [];
  }
}

/** The next run time after `after`, or null when the schedule has none left. */
export function nextRunTime(schedule: Schedule, after: Date): Date | null {
  return nextRunTimes(schedule, after, 1)[0] ?? null;
}

const isWhole = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1;

/** Runs every `interval` ms of elapsed time from the first run, while the local date is not past the end. */
function elapsedRuns(
  zone: string,
  start: LocalDate,
  end: LocalDate,
  minutes: number,
  interval: number,
  from: number,
  limit: number,
): Date[] {
  const first = zonedInstant(zone, start, minutes);
  // The first instant after the end date's last local minute is the start of the following day.
  const stop = zonedInstant(zone, fromEpochDay(epochDay(end) + 1), 0);
  let at = from < first ? first : first + (Math.floor((from - first) / interval) + 1) * interval;
  const runs: Date[] = [];
  while (at < stop && runs.length < limit) {
    runs.push(new Date(at));
    at += interval;
  }
  return runs;
}

/** One run at the local run time on every calendar day from start to end that `matches`. */
function calendarRuns(
  zone: string,
  start: LocalDate,
  end: LocalDate,
  minutes: number,
  from: number,
  limit: number,
  matches: (date: LocalDate) => boolean,
): Date[] {
  const runs: Date[] = [];
  const last = epochDay(end);
  // No run on a day before the one that holds `from` (less a day for zones ahead of UTC) can count.
  let day = Math.max(epochDay(start), Math.floor(from / 86_400_000) - 1);
  for (; day <= last && runs.length < limit; day += 1) {
    const date = fromEpochDay(day);
    if (!matches(date)) continue;
    const at = zonedInstant(zone, date, minutes);
    if (at > from) runs.push(new Date(at));
  }
  return runs;
}

/** Which local dates a recurring schedule runs on, or null when its options are incomplete. */
function recurringMatcher(schedule: Schedule, start: LocalDate): ((date: LocalDate) => boolean) | null {
  const config = schedule.run_config ?? {};
  const options = config.freq_options ?? {};
  const frequency = recurringFrequencySchema.safeParse(config.frequency);
  if (!frequency.success) return null;
  const every = options.unit ?? 1;
  if (!isWhole(every)) return null;
  switch (frequency.data) {
    case 'day':
      return (d) => (epochDay(d) - epochDay(start)) % every === 0;
    case 'week': {
      const weekdays = weekdayIndexes(options.day ?? []);
      if (weekdays.length === 0) return null;
      // Weeks run Sunday to Saturday; every N weeks counts from the week holding the start date.
      const firstWeek = epochDay(start) - weekdayOf(start);
      return (d) =>
        weekdays.includes(weekdayOf(d)) && ((epochDay(d) - weekdayOf(d) - firstWeek) / 7) % every === 0;
    }
    case 'month': {
      const kind = monthDateStringSchema.safeParse(options.date_string);
      if (!kind.success) return null;
      const custom = options.date;
      if (kind.data === 'custom' && !(isWhole(custom) && custom <= 31)) return null;
      const firstMonth = start.year * 12 + start.month;
      return (d) => {
        if ((d.year * 12 + d.month - firstMonth) % every !== 0) return false;
        const lastDay = daysInMonth(d.year, d.month);
        const target =
          kind.data === 'first' ? 1 : kind.data === 'last' ? lastDay : Math.min(Number(custom), lastDay);
        return d.day === target;
      };
    }
    case 'year': {
      const date = typeof options.date === 'string' ? parseYearDate(options.date) : null;
      if (!date) return null;
      return (d) =>
        (d.year - start.year) % every === 0 &&
        d.month === date.month &&
        d.day === Math.min(date.day, daysInMonth(d.year, d.month));
    }
  }
}
