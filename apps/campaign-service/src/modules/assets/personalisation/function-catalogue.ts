import type { TokenFunction } from '@meridian/contracts';
import type { Context, Liquid } from 'liquidjs';

type FilterHandler = (this: { context: Context }, value: unknown, ...args: unknown[]) => unknown;

/**
 * The product's function catalogue: Liquid filters a token author can use, documented for the
 * editor's help panel. Most are Liquid's own; the rest are added here. Added filters charge the
 * render's memory limit for what they allocate, like Liquid's own do.
 */
interface CatalogueEntry extends TokenFunction {
  /** Present for filters the product adds; absent for Liquid's built-in ones. */
  handler?: FilterHandler;
}

const DAY_MS = 86_400_000;

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (value === 'now' || value === 'today') return new Date();
  if (typeof value === 'number') return new Date(value * 1000);
  if (typeof value === 'string' && value.trim() !== '') {
    const date = new Date(value.trim());
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/** Whole days from `from` to `to` (negative when `to` is earlier); empty when either is not a date. */
const daysBetween: FilterHandler = function (from: unknown, to: unknown = 'now') {
  const a = toDate(from);
  const b = toDate(to);
  if (!a || !b) return '';
  return Math.trunc((b.getTime() - a.getTime()) / DAY_MS);
};

const titlecase: FilterHandler = function (value: unknown) {
  const text = value === null || value === undefined ? '' : String(value);
  this.context.memoryLimit.use(text.length);
  return text
    .toLowerCase()
    .replace(/(^|[\s\-'])(\p{L})/gu, (_m, sep: string, letter: string) => sep + letter.toUpperCase());
};

const toNumber: FilterHandler = function (value: unknown) {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const n = Number(typeof value === 'string' ? value.trim() : NaN);
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(n) ? n : 0;
};

const toBoolean: FilterHandler = function (value: unknown) {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return ['true', 'yes', '1', 'y'].includes(value.trim().toLowerCase());
  return false;
};

const toIsoDate: FilterHandler = function (value: unknown) {
  const date = toDate(value);
  return date ? date.toISOString() : '';
};

const includes: FilterHandler = function (value: unknown, needle: unknown) {
  if (Array.isArray(value)) return value.some((item) => item === needle || String(item) === String(needle));
  if (value === null || value === undefined) return false;
  return String(value)
    .toLowerCase()
    .includes(String(needle ?? '').toLowerCase());
};

const emailDomain: FilterHandler = function (value: unknown) {
  const text = typeof value === 'string' ? value : '';
  const at = text.lastIndexOf('@');
  return at >= 0 ? text.slice(at + 1).toLowerCase() : '';
};

const coalesce: FilterHandler = function (value: unknown, ...others: unknown[]) {
  for (const candidate of [value, ...others]) {
    if (candidate !== null && candidate !== undefined && candidate !== '' && candidate !== false)
      return candidate;
  }
  return '';
};

export const FUNCTION_CATALOGUE: readonly CatalogueEntry[] = [
  {
    name: 'default',
    description: 'Uses a fallback when the value is empty, nil or false.',
    sample: '{{ person.first_name | default: "there" }}',
    syntax: 'value | default: fallback',
  },
  {
    name: 'coalesce',
    description: 'The first of the values that is not empty.',
    sample: '{{ person.title | coalesce: person.company_name, "friend" }}',
    syntax: 'value | coalesce: other, ...',
    handler: coalesce,
  },
  {
    name: 'upcase',
    description: 'Converts text to upper case.',
    sample: '{{ person.last_name | upcase }}',
    syntax: 'text | upcase',
  },
  {
    name: 'downcase',
    description: 'Converts text to lower case.',
    sample: '{{ person.email | downcase }}',
    syntax: 'text | downcase',
  },
  {
    name: 'capitalize',
    description: 'Upper-cases the first character and lower-cases the rest.',
    sample: '{{ person.first_name | capitalize }}',
    syntax: 'text | capitalize',
  },
  {
    name: 'titlecase',
    description: 'Capitalises every word.',
    sample: '{{ person.company_name | titlecase }}',
    syntax: 'text | titlecase',
    handler: titlecase,
  },
  {
    name: 'strip',
    description: 'Removes spaces at both ends.',
    sample: '{{ person.title | strip }}',
    syntax: 'text | strip',
  },
  {
    name: 'truncate',
    description: 'Shortens text to a number of characters, ending with "...".',
    sample: '{{ person.company_name | truncate: 20 }}',
    syntax: 'text | truncate: length, ending',
  },
  {
    name: 'truncatewords',
    description: 'Shortens text to a number of words.',
    sample: '{{ person.title | truncatewords: 3 }}',
    syntax: 'text | truncatewords: words, ending',
  },
  {
    name: 'replace',
    description: 'Replaces every occurrence of a text.',
    sample: '{{ person.phone_number | replace: "-", " " }}',
    syntax: 'text | replace: search, replacement',
  },
  {
    name: 'append',
    description: 'Adds text at the end.',
    sample: '{{ person.first_name | append: "!" }}',
    syntax: 'text | append: suffix',
  },
  {
    name: 'prepend',
    description: 'Adds text at the start.',
    sample: '{{ person.last_name | prepend: "Dr. " }}',
    syntax: 'text | prepend: prefix',
  },
  {
    name: 'slice',
    description: 'Part of a text or list from an offset.',
    sample: '{{ person.first_name | slice: 0 }}',
    syntax: 'text | slice: offset, length',
  },
  {
    name: 'split',
    description: 'Splits text into a list.',
    sample: '{{ person.title | split: " " }}',
    syntax: 'text | split: separator',
  },
  {
    name: 'join',
    description: 'Joins a list into text.',
    sample: '{{ person.title | split: " " | join: "-" }}',
    syntax: 'list | join: separator',
  },
  {
    name: 'first',
    description: 'The first item of a list.',
    sample: '{{ person.title | split: " " | first }}',
    syntax: 'list | first',
  },
  {
    name: 'last',
    description: 'The last item of a list.',
    sample: '{{ person.title | split: " " | last }}',
    syntax: 'list | last',
  },
  {
    name: 'size',
    description: 'Number of characters of a text or items of a list.',
    sample: '{{ person.first_name | size }}',
    syntax: 'value | size',
  },
  {
    name: 'includes',
    description: 'Whether a text contains another (any case) or a list contains an item.',
    sample: '{{ person.email | includes: "@example.com" }}',
    syntax: 'value | includes: search',
    handler: includes,
  },
  {
    name: 'email_domain',
    description: 'The domain of an email address.',
    sample: '{{ person.email | email_domain }}',
    syntax: 'email | email_domain',
    handler: emailDomain,
  },
  {
    name: 'plus',
    description: 'Adds a number.',
    sample: '{{ person.score | plus: 10 }}',
    syntax: 'number | plus: number',
  },
  {
    name: 'minus',
    description: 'Subtracts a number.',
    sample: '{{ person.score | minus: 1 }}',
    syntax: 'number | minus: number',
  },
  {
    name: 'times',
    description: 'Multiplies by a number.',
    sample: '{{ person.score | times: 2 }}',
    syntax: 'number | times: number',
  },
  {
    name: 'divided_by',
    description: 'Divides by a number.',
    sample: '{{ person.score | divided_by: 4.0 }}',
    syntax: 'number | divided_by: number',
  },
  {
    name: 'round',
    description: 'Rounds to a number of decimals.',
    sample: '{{ person.score | round: 2 }}',
    syntax: 'number | round: decimals',
  },
  {
    name: 'at_least',
    description: 'The number, or a minimum when it is smaller.',
    sample: '{{ person.score | at_least: 0 }}',
    syntax: 'number | at_least: minimum',
  },
  {
    name: 'at_most',
    description: 'The number, or a maximum when it is larger.',
    sample: '{{ person.score | at_most: 100 }}',
    syntax: 'number | at_most: maximum',
  },
  {
    name: 'to_number',
    description: 'Reads a number from text (0 when it is not one).',
    sample: '{{ person.employees | to_number }}',
    syntax: 'value | to_number',
    handler: toNumber,
  },
  {
    name: 'to_boolean',
    description: 'Reads true/false from text such as "yes", "true" or "1".',
    sample: '{{ person.opted_in | to_boolean }}',
    syntax: 'value | to_boolean',
    handler: toBoolean,
  },
  {
    name: 'to_date',
    description: 'Reads a date and returns it as an ISO date-time.',
    sample: '{{ person.signup_date | to_date }}',
    syntax: 'value | to_date',
    handler: toIsoDate,
  },
  {
    name: 'date',
    description: 'Formats a date (strftime). "now" is the current time.',
    sample: '{{ "now" | date: "%B %d, %Y" }}',
    syntax: 'date | date: format',
  },
  {
    name: 'days_between',
    description: 'Whole days from a date to another date (default now).',
    sample: '{{ person.signup_date | days_between: "now" }}',
    syntax: 'date | days_between: other_date',
    handler: daysBetween,
  },
  { name: 'json', description: 'The value as JSON.', sample: '{{ person | json }}', syntax: 'value | json' },
  {
    name: 'url_encode',
    description: 'Encodes text for use in a link.',
    sample: '{{ person.email | url_encode }}',
    syntax: 'text | url_encode',
  },
  {
    name: 'escape',
    description: 'Escapes HTML characters.',
    sample: '{{ person.company_name | escape }}',
    syntax: 'text | escape',
  },
  {
    name: 'raw',
    description:
      'Inserts the value into email HTML as markup. Values are HTML-escaped in email HTML unless the output ends with raw.',
    sample: '{{ tokens.banner_html | raw }}',
    syntax: 'value | raw',
  },
];

export function registerCatalogue(liquid: Liquid): void {
  for (const entry of FUNCTION_CATALOGUE) {
    if (entry.handler) liquid.registerFilter(entry.name, entry.handler);
  }
}

/** The help panel's entries (no handlers). */
export function functionList(): TokenFunction[] {
  return FUNCTION_CATALOGUE.map(({ name, description, sample, syntax }) => ({
    name,
    description,
    sample,
    syntax,
  }));
}
