import { audienceMessages, personFieldRules } from '@meridian/contracts';

/** A query the compiler cannot turn into SQL: the problem per item path ('0.children.1'). */
export class AudienceQueryError extends Error {
  constructor(readonly errors: Record<string, string>) {
    super(audienceMessages.someFieldsInvalid);
    this.name = 'AudienceQueryError';
  }
}

/** Bind parameters: every value the query compares with goes here, never into the SQL text. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

export type RawValue = string | number | boolean | null;

const invalid = (path: string): never => {
  throw new AudienceQueryError({ [path]: audienceMessages.invalidValues });
};

const present = (value: readonly RawValue[]) =>
  value.filter((item): item is string | number | boolean => item !== null && String(item).trim() !== '');

/** The values a list operator (in, not_in) compares with, as text. */
export function textList(value: readonly RawValue[], path: string): string[] {
  const list = present(value).map((item) => String(item));
  return list.length > 0 ? list : invalid(path);
}

/** The first value as text: single-valued operators read the first entry. */
export function firstText(value: readonly RawValue[], path: string): string {
  return textList(value, path)[0];
}

export function toNumber(item: RawValue | undefined, path: string): number {
  const number = typeof item === 'number' ? item : Number(String(item ?? '').trim());
  return item !== null && item !== undefined && String(item).trim() !== '' && Number.isFinite(number)
    ? number
    : invalid(path);
}

/** A whole number of at least 0 (frequency counts, 'in the last N days'). */
export function toCount(item: RawValue | undefined, path: string): number {
  const number = toNumber(item, path);
  return Number.isInteger(number) && number >= 0 && number <= 100000 ? number : invalid(path);
}

const datePattern = new RegExp(personFieldRules.textPatterns.datetime);

/** An ISO date or date-time; a date without an offset is read as UTC. */
export function toInstant(item: RawValue | undefined, path: string): Date {
  const text = String(item ?? '').trim();
  if (!datePattern.test(text)) return invalid(path);
  const dateOnly = text.length === 10;
  const hasZone = /([Zz]|[+-][0-9]{2}(:?[0-9]{2})?)$/.test(text.slice(10));
  const date = new Date(dateOnly ? `${text}T00:00:00Z` : hasZone ? text : `${text.replace(' ', 'T')}Z`);
  // Date rolls 31 February over into March; a day that does not exist is refused instead.
  const [year, month, day] = text.slice(0, 10).split('-').map(Number);
  const real = new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
  return Number.isNaN(date.getTime()) || !real ? invalid(path) : date;
}

const DAY_MS = 86400000;
/** The UTC day an instant falls on: [start, end). */
export function utcDay(instant: Date): [Date, Date] {
  const start = new Date(Math.floor(instant.getTime() / DAY_MS) * DAY_MS);
  return [start, new Date(start.getTime() + DAY_MS)];
}
export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids of lists and campaigns: anything but a uuid can name nothing, so it is refused. */
export function uuidList(value: readonly RawValue[], path: string): string[] {
  const list = textList(value, path);
  return list.every((id) => uuidPattern.test(id)) ? list.map((id) => id.toLowerCase()) : invalid(path);
}

export { invalid as invalidAt };
