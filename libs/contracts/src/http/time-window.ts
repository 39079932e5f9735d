import { z } from 'zod';

/** A date-time without an offset is UTC. */
export function asUtc(value: string): string {
  return /(?:Z|[+-]\d\d:?\d\d)$/i.test(value) ? value : `${value}Z`;
}

/**
 * A filter's date-time as the database takes it: an ISO instant in UTC. Offsets such as +23:36
 * pass ISO 8601 and JavaScript but not Postgres, so no filter value reaches SQL as written.
 */
export function utcInstant(value: string): string {
  return new Date(Date.parse(asUtc(value))).toISOString();
}

const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/** Whether a date-time (UTC without an offset) lies in years 1 to 9999, which the database stores. */
export function inStoredRange(value: string): boolean {
  const at = Date.parse(asUtc(value));
  return !Number.isNaN(at) && at >= EARLIEST && at <= LATEST;
}

/**
 * A filter's date-time: ISO 8601 with an offset, or without one (then UTC: '2026-11-01T00:00',
 * as spec 9 appends 'T00:00' to days), in years 1 to 9999.
 */
export const filterDateTime = (message: string) =>
  // A value that is no date-time stops at the first check: the field's error names it once.
  z.iso
    .datetime({ offset: true, local: true, error: message, abort: true })
    .refine(inStoredRange, { error: message });

/** A list's optional time window: either end may be left out; when both are given the end is after the start. */
export function windowInOrder(window: { start_time?: string | null; end_time?: string | null }): boolean {
  return (
    !window.start_time ||
    !window.end_time ||
    Date.parse(asUtc(window.end_time)) > Date.parse(asUtc(window.start_time))
  );
}

/** The refinement's issue for a window out of order, filed under end_time. */
export const windowIssue = (message: string) => ({ error: message, path: ['end_time'] });

/**
 * A list's date filter bound: a calendar day ('2026-11-20', or with the 'T00:00' spec 9 appends)
 * or an instant (an ISO date-time; without an offset it is UTC). A screen sends instants so the
 * days are the viewer's own; a day is read in UTC.
 */
export type DateBound = { kind: 'day'; day: string } | { kind: 'instant'; at: string };

const DAY_BOUND = /^(\d{4}-\d{2}-\d{2})(?:T00:00(?::00(?:\.0+)?)?)?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

export function dateBoundOf(value: string): DateBound | null {
  const day = DAY_BOUND.exec(value);
  if (day) return inStoredRange(`${day[1]}T00:00:00Z`) ? { kind: 'day', day: day[1]! } : null;
  if (!DATE_TIME.test(value)) return null;
  if (!inStoredRange(value)) return null;
  return { kind: 'instant', at: utcInstant(value) };
}

/** A date filter field: a day or an instant, as `dateBoundOf` reads them. */
export const dateBoundSchema = z
  .string()
  .max(40)
  .refine((value) => dateBoundOf(value) !== null, { error: 'Invalid date' });

/** Spec 5 "Date range": the end after the start. */
export const dateRangeMessage = 'End date must be after start date';

/** A bound in milliseconds: an end day counts itself, so it ends at the next midnight (UTC). */
function boundMillis(bound: DateBound, end: boolean): number {
  if (bound.kind === 'instant') return Date.parse(bound.at);
  return Date.parse(`${bound.day}T00:00:00Z`) + (end ? 86_400_000 : 0);
}

/**
 * A list's date filter: either bound may be left out; when both are given the end is after the
 * start (a single day, start and end the same day, is in order). A bound that is no date is left to
 * its own field's error.
 */
export function dateRangeInOrder(range: { start_date?: string | null; end_date?: string | null }): boolean {
  const start = range.start_date ? dateBoundOf(range.start_date) : null;
  const end = range.end_date ? dateBoundOf(range.end_date) : null;
  return !start || !end || boundMillis(end, true) > boundMillis(start, false);
}

/** The refinement's issue for a date filter out of order, filed under end_date. */
export const dateRangeIssue = { error: dateRangeMessage, path: ['end_date'] };
