import { z } from 'zod';
import {
  daysInMonth,
  epochDay,
  formatLocalDate,
  isTimeZone,
  type LocalDate,
  localDateOf,
  parseLocalDate,
  parseRunTime,
} from './schedule-zone';

/** Spec section 5 "Schedule", word for word (plus ours where the spec has none). */
export const scheduleMessages = {
  runTypeRequired: 'Select a schedule type',
  startDateRequired: 'Enter a schedule start date',
  runTimeRequired: 'Enter a campaign time',
  endDateRequired: 'Enter a schedule end date',
  endBeforeStart: 'End date must be after start date',
  frequencyRequired: 'Select a frequency',
  frequencyInvalid: 'Select a valid frequency',
  unitInvalid: 'Enter a valid frequency',
  minutesTooShort: "Frequency can't be less than 10 minutes",
  scheduleRequired: 'Select a schedule',
  dateStringInvalid: 'Select a valid option',
  customDayInvalid: 'Insert a valid day',
  // Ours: the spec asks for these checks without naming a message.
  startInPast: 'Start date cannot be before today',
  endTooFar: 'End date must be within 100 years of the start date',
  timeZoneInvalid: 'Select a valid time zone',
} as const;

/** Spec 9: minutes frequency minimum 10; month custom day 1 to 31. */
export const SCHEDULE_MINUTES_MIN = 10;
export const MONTH_CUSTOM_DAY_MIN = 1;
export const MONTH_CUSTOM_DAY_MAX = 31;
/**
 * Ours (the spec sets no bound): a schedule ends at most 100 years after its start. Its run times are
 * found by walking the calendar from start to end, so a longer span (an end date in 9999 and a
 * cadence that no longer matches) kept the server and the summary screen busy for seconds per call.
 */
export const SCHEDULE_MAX_SPAN_YEARS = 100;

/** Whether `end` is more than SCHEDULE_MAX_SPAN_YEARS after `start` (29 February counts as the 28th). */
export function isBeyondScheduleSpan(start: LocalDate, end: LocalDate): boolean {
  const year = start.year + SCHEDULE_MAX_SPAN_YEARS;
  const limit = { year, month: start.month, day: Math.min(start.day, daysInMonth(year, start.month)) };
  return epochDay(end) > epochDay(limit);
}

export const scheduleRunTypeSchema = z.enum(['at_once', 'once', 'period', 'recurring']);
export type ScheduleRunType = z.infer<typeof scheduleRunTypeSchema>;
/** High frequency ('period') runs every N of these. */
export const periodFrequencySchema = z.enum(['minutes', 'hours', 'days', 'weeks']);
export type PeriodFrequency = z.infer<typeof periodFrequencySchema>;
export const recurringFrequencySchema = z.enum(['day', 'week', 'month', 'year']);
export type RecurringFrequency = z.infer<typeof recurringFrequencySchema>;
/** Spec 2: day names run sunday to saturday (index = JavaScript weekday). */
export const weekdayNames = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export const weekdaySchema = z.enum(weekdayNames);
export type Weekday = z.infer<typeof weekdaySchema>;
export const monthDateStringSchema = z.enum(['first', 'last', 'custom']);

/**
 * freq_options of a recurring schedule. week: `day` lists the weekdays; month: `date_string` first,
 * last or custom with `date` the day 1-31 (a day past a short month's end runs on its last day);
 * year: `date` is 'MM-DD' (29 February runs on the 28th in other years). `unit` repeats every N
 * days (required) or weeks/months/years (default 1). A 'period' schedule keeps its N in run_config.unit.
 */
export const freqOptionsSchema = z.object({
  unit: z.number().int().nullish(),
  day: z.array(z.string().max(20)).max(7).nullish(),
  date: z.union([z.number(), z.string().max(10)]).nullish(),
  date_string: z.string().max(20).nullish(),
});
export type FreqOptions = z.infer<typeof freqOptionsSchema>;

/**
 * The stored shape of a schedule. A draft may be incomplete, so fields are optional here; whether it
 * may be published is `scheduleErrors`' answer. Dates are the local 'YYYY-MM-DD' of `time_zone`
 * (the IANA zone of the user who set them), run_time 'HH:mm'.
 */
export const scheduleRunConfigSchema = z.object({
  start_date: z.string().max(30).nullish(),
  end_date: z.string().max(30).nullish(),
  run_time: z.string().max(10).nullish(),
  frequency: z.string().max(20).nullish(),
  unit: z.number().nullish(),
  freq_options: freqOptionsSchema.nullish(),
});
export type ScheduleRunConfig = z.infer<typeof scheduleRunConfigSchema>;

export const scheduleSchema = z.object({
  run_type: z.string().max(20).nullish(),
  run_config: scheduleRunConfigSchema.nullish(),
  time_zone: z.string().max(64).nullish(),
  next_run_time: z.iso.datetime().nullish(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** Field path ('run_config.start_date') to the spec's message; empty when the schedule is valid. */
export type ScheduleErrors = Record<string, string>;

const isPositiveInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1;

/**
 * Spec 5 "Schedule". `today` is the user's local date ('YYYY-MM-DD' in the schedule's zone): a start
 * before it is refused.
 */
export function scheduleErrors(schedule: Schedule | null | undefined, today: string): ScheduleErrors {
  const errors: ScheduleErrors = {};
  const runType = scheduleRunTypeSchema.safeParse(schedule?.run_type);
  if (!schedule || !runType.success) return { run_type: scheduleMessages.runTypeRequired };
  if (runType.data === 'at_once') return errors;
  // A schedule that names no zone is UTC (scheduleZone).
  if (schedule.time_zone && !isTimeZone(schedule.time_zone))
    errors.time_zone = scheduleMessages.timeZoneInvalid;
  const config = schedule.run_config ?? {};
  const start = config.start_date ? parseLocalDate(config.start_date) : null;
  const end = config.end_date ? parseLocalDate(config.end_date) : null;
  const todayDate = parseLocalDate(today);
  if (!start) errors['run_config.start_date'] = scheduleMessages.startDateRequired;
  else if (todayDate && epochDay(start) < epochDay(todayDate))
    errors['run_config.start_date'] = scheduleMessages.startInPast;
  if (!config.run_time || parseRunTime(config.run_time) === null)
    errors['run_config.run_time'] = scheduleMessages.runTimeRequired;
  if (runType.data !== 'once') {
    if (!end) errors['run_config.end_date'] = scheduleMessages.endDateRequired;
    else if (start && epochDay(end) < epochDay(start))
      errors['run_config.end_date'] = scheduleMessages.endBeforeStart;
    else if (start && isBeyondScheduleSpan(start, end))
      errors['run_config.end_date'] = scheduleMessages.endTooFar;
  }
  if (runType.data === 'period') Object.assign(errors, periodErrors(config));
  if (runType.data === 'recurring') Object.assign(errors, recurringErrors(config));
  return errors;
}

function periodErrors(config: ScheduleRunConfig): ScheduleErrors {
  if (!config.frequency) return { 'run_config.frequency': scheduleMessages.frequencyRequired };
  const frequency = periodFrequencySchema.safeParse(config.frequency);
  if (!frequency.success) return { 'run_config.frequency': scheduleMessages.frequencyInvalid };
  if (!isPositiveInt(config.unit)) return { 'run_config.unit': scheduleMessages.unitInvalid };
  if (frequency.data === 'minutes' && config.unit < SCHEDULE_MINUTES_MIN)
    return { 'run_config.unit': scheduleMessages.minutesTooShort };
  return {};
}

function recurringErrors(config: ScheduleRunConfig): ScheduleErrors {
  const frequency = recurringFrequencySchema.safeParse(config.frequency);
  if (!frequency.success) return { 'run_config.frequency': scheduleMessages.frequencyRequired };
  const options = config.freq_options ?? {};
  const errors: ScheduleErrors = {};
  // Spec 5: the run-every unit is at least 1; a daily schedule must give it, the others default to 1.
  if (
    frequency.data === 'day'
      ? !isPositiveInt(options.unit)
      : options.unit !== null && options.unit !== undefined && !isPositiveInt(options.unit)
  )
    errors['run_config.freq_options.unit'] = scheduleMessages.unitInvalid;
  switch (frequency.data) {
    case 'day':
      break;
    case 'week': {
      const days = options.day ?? [];
      if (days.length === 0 || !days.every((d) => weekdaySchema.safeParse(d).success))
        errors['run_config.freq_options.day'] = scheduleMessages.scheduleRequired;
      break;
    }
    case 'month': {
      const kind = monthDateStringSchema.safeParse(options.date_string);
      if (!kind.success) errors['run_config.freq_options.date_string'] = scheduleMessages.dateStringInvalid;
      else if (kind.data === 'custom' && !isMonthDay(options.date))
        errors['run_config.freq_options.date'] = scheduleMessages.customDayInvalid;
      break;
    }
    case 'year':
      if (typeof options.date !== 'string' || parseYearDate(options.date) === null)
        errors['run_config.freq_options.date'] = scheduleMessages.scheduleRequired;
      break;
  }
  return errors;
}

function isMonthDay(value: unknown): value is number {
  return isPositiveInt(value) && value >= MONTH_CUSTOM_DAY_MIN && value <= MONTH_CUSTOM_DAY_MAX;
}

/** A yearly date 'MM-DD' (a leap year is used to accept 02-29). */
export function parseYearDate(value: string): { month: number; day: number } | null {
  const date = /^\d{2}-\d{2}$/.test(value) ? parseLocalDate(`2000-${value}`) : null;
  return date ? { month: date.month, day: date.day } : null;
}

/** The user's local date now, in the schedule's zone, as `scheduleErrors` expects it. */
export function todayIn(timeZone: string, now: Date): string {
  return formatLocalDate(localDateOf(isTimeZone(timeZone) ? timeZone : 'UTC', now.getTime()));
}

/** Which weekdays (0 = Sunday) a weekly schedule runs on. */
export function weekdayIndexes(days: readonly string[]): number[] {
  return weekdayNames.map((name, index) => (days.includes(name) ? index : -1)).filter((index) => index >= 0);
}

/** The IANA zone a schedule's dates and run time are read in: its own, UTC when it names none. */
export function scheduleZone(schedule: Pick<Schedule, 'time_zone'>): string {
  return schedule.time_zone || 'UTC';
}

/** The run_config fields each schedule type reads; a switch of type in the editor leaves the old ones. */
const RUN_CONFIG_FIELDS: Record<ScheduleRunType, readonly (keyof ScheduleRunConfig)[]> = {
  at_once: [],
  once: ['start_date', 'run_time'],
  period: ['start_date', 'end_date', 'run_time', 'frequency', 'unit'],
  recurring: ['start_date', 'end_date', 'run_time', 'frequency', 'freq_options'],
};
/** The freq_options fields each recurring frequency reads (month: date only for a custom day). */
const FREQ_OPTION_FIELDS: Record<RecurringFrequency, readonly (keyof FreqOptions)[]> = {
  day: ['unit'],
  week: ['unit', 'day'],
  month: ['unit', 'date_string', 'date'],
  year: ['unit', 'date'],
};

function picked<T extends object>(source: T, fields: readonly (keyof T)[]): Partial<T> {
  return Object.fromEntries(
    fields.filter((field) => source[field] !== undefined).map((field) => [field, source[field]]),
  ) as Partial<T>;
}

/**
 * A valid schedule as it is published: only the fields its type (and a recurring one's frequency)
 * reads, so a schedule switched from recurring to once does not go live carrying a frequency.
 */
export function publishedSchedule(schedule: Schedule): Schedule {
  const runType = scheduleRunTypeSchema.safeParse(schedule.run_type);
  if (!runType.success) return schedule;
  const config: ScheduleRunConfig = picked(schedule.run_config ?? {}, RUN_CONFIG_FIELDS[runType.data]);
  const frequency = recurringFrequencySchema.safeParse(config.frequency);
  if (runType.data === 'recurring' && frequency.success && config.freq_options) {
    config.freq_options = picked(config.freq_options, FREQ_OPTION_FIELDS[frequency.data]);
    if (frequency.data === 'month' && config.freq_options.date_string !== 'custom')
      delete config.freq_options.date;
  }
  return { ...schedule, time_zone: scheduleZone(schedule), run_config: config };
}
