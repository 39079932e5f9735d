import type { AudienceItem, AudienceLeaf, AudienceQuery } from '@meridian/contracts';

/**
 * An in-memory reading of the dynamic list query, written from the meaning audience-query.ts and
 * audience-operators.ts state (not from the compiler's SQL), for the property tests to compare with.
 */
export type Json = string | number | boolean | null;
export interface FixturePerson {
  id: string;
  columns: Record<string, string | null>;
  custom: Record<string, Json>;
}
export interface FixtureEvent {
  person_id: string;
  name: string;
  at: Date;
  properties: Record<string, Json>;
}
export interface FixtureMail {
  person_id: string;
  event: string;
  at: Date;
  campaign_id: string | null;
  template_id: string | null;
  link: string | null;
}
export interface Fixture {
  persons: FixturePerson[];
  fieldTypes: Record<string, string>;
  events: FixtureEvent[];
  mails: FixtureMail[];
  members: { list_id: string; person_id: string }[];
  now: Date;
}

const DAY = 86400000;
const patterns: Record<string, RegExp> = {
  integer: /^[+-]?[0-9]{1,15}$/,
  float: /^[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][+-]?[0-9]{1,2})?$/,
  boolean: /^(true|false)$/i,
};
const jsonText = (value: Json | undefined): string | null =>
  value === null || value === undefined ? null : String(value);
const present = (value: readonly Json[]) => value.filter((v) => v !== null && String(v).trim() !== '');

/** Strict date reading: no offset means UTC, a day that does not exist is no date. */
export function readDate(text: string | null): Date | null {
  const match = text?.match(
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?(Z|[+-]\d{2}:?\d{2})?$/i,
  );
  if (!match) return null;
  const [, y, m, d, hh = '0', mm = '0', ss = '0', zone] = match;
  const base = Date.UTC(+y, +m - 1, +d, +hh, +mm, +ss);
  const check = new Date(Date.UTC(+y, +m - 1, +d));
  if (check.getUTCDate() !== +d || check.getUTCMonth() !== +m - 1 || +hh > 23 || +mm > 59 || +ss > 59)
    return null;
  if (!zone || zone.toUpperCase() === 'Z') return new Date(base);
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.replace(/[+:-]/g, '');
  return new Date(base - sign * (+digits.slice(0, 2) * 60 + +digits.slice(2)) * 60000);
}

function typed(text: string | null, type: string): unknown {
  if (type === 'string') return text;
  if (text === null) return null;
  if (type === 'datetime') return readDate(text);
  if (!patterns[type].test(text)) return null;
  return type === 'boolean' ? text.toLowerCase() === 'true' : Number(text);
}

const negations: Record<string, string> = {
  not_equals: 'equals',
  not_contains: 'contains',
  not_in: 'in',
  not_in_last_days: 'in_last_days',
};

export function compare(
  text: string | null,
  type: string,
  operator: string,
  value: Json[],
  now: Date,
): boolean {
  if (negations[operator]) return !compare(text, type, negations[operator], value, now);
  const v = typed(text, type);
  if (operator === 'is_empty') return type === 'string' ? !v : v === null;
  if (operator === 'is_not_empty') return type === 'string' ? !!v : v !== null;
  if (v === null) return false;
  if (type === 'string') {
    const s = (v as string).toLowerCase();
    const list = present(value).map((x) => String(x).toLowerCase());
    const needle = list[0];
    return operator === 'equals'
      ? s === needle
      : operator === 'contains'
        ? s.includes(needle)
        : operator === 'starts_with'
          ? s.startsWith(needle)
          : operator === 'ends_with'
            ? s.endsWith(needle)
            : list.includes(s);
  }
  if (type === 'boolean') return v === (operator === 'is_true');
  if (type === 'datetime') return compareTime((v as Date).getTime(), operator, value, now);
  const n = v as number;
  const [a, b] = [Number(value[0]), Number(value[1])];
  return {
    equals: n === a,
    greater_than: n > a,
    less_than: n < a,
    greater_or_equal: n >= a,
    less_or_equal: n <= a,
    between: n >= a && n <= b,
  }[operator] as boolean;
}

function compareTime(t: number, operator: string, value: Json[], now: Date): boolean {
  const at = (i: number) => readDate(String(value[i]))!.getTime();
  switch (operator) {
    case 'before':
      return t < at(0);
    case 'after':
      return t > at(0);
    case 'between':
      return t >= at(0) && t <= at(1);
    case 'on': {
      const start = Math.floor(at(0) / DAY) * DAY;
      return t >= start && t < start + DAY;
    }
    default:
      return t >= now.getTime() - Number(value[0]) * DAY && t <= now.getTime();
  }
}

/** The operator says how an event property is read (see propertyType in the compiler's meaning). */
function propertyType(operator: string, value: Json[]): string {
  if (['before', 'after', 'on', 'in_last_days', 'not_in_last_days'].includes(operator)) return 'datetime';
  if (['greater_than', 'less_than', 'greater_or_equal', 'less_or_equal'].includes(operator)) return 'float';
  if (operator === 'is_true' || operator === 'is_false') return 'boolean';
  if (operator === 'between')
    return value.length >= 2 &&
      value.slice(0, 2).every((x) => x !== null && String(x).trim() !== '' && Number.isFinite(Number(x)))
      ? 'float'
      : 'datetime';
  return 'string';
}

function join(items: readonly { connector: string; ok: () => boolean }[]): boolean {
  const terms: (() => boolean)[][] = [];
  items.forEach((item, i) => {
    if (i === 0 || item.connector === 'or') terms.push([]);
    terms[terms.length - 1].push(item.ok);
  });
  return terms.some((term) => term.every((ok) => ok()));
}

export function matches(query: AudienceQuery, person: FixturePerson, fixture: Fixture): boolean {
  const item = (entry: AudienceItem): boolean => {
    if (entry.type === 'group') {
      if (entry.filter_type === 'person')
        return join(entry.children.map((c) => ({ connector: c.connector, ok: () => item(c) })));
      return activity(entry.filter_type, entry.filter ?? '', entry.children as AudienceLeaf[]);
    }
    const leaf = entry;
    if (leaf.filter_type === 'person') {
      const type = fixture.fieldTypes[leaf.filter];
      const text = type ? jsonText(person.custom[leaf.filter]) : (person.columns[leaf.filter] ?? null);
      return compare(text, type ?? 'string', leaf.operator, leaf.value, fixture.now);
    }
    const ids = present(leaf.value).map(String);
    const member =
      leaf.filter_type === 'org_membership'
        ? ids.includes(person.columns.org_id ?? '\u0000')
        : leaf.filter === 'static_list'
          ? fixture.members.some((m) => m.person_id === person.id && ids.includes(m.list_id))
          : fixture.mails.some((m) => m.person_id === person.id && ids.includes(m.campaign_id ?? ''));
    return leaf.operator === 'in' ? member : !member;
  };
  const activity = (kind: string, name: string, rows: AudienceLeaf[]): boolean => {
    const frequency = rows.find((r) => r.filter === 'frequency');
    const frame = rows.find((r) => r.filter === 'time_frame');
    const others = rows.filter((r) => r !== frequency && r !== frame);
    const passes = (properties: Record<string, Json>, at: Date, mail?: FixtureMail) =>
      (!frame || compareTime(at.getTime(), frame.operator, frame.value, fixture.now)) &&
      (others.length === 0 ||
        join(
          others.map((row) => ({
            connector: row.connector,
            ok: () => {
              if (!mail) {
                const text = jsonText(properties[row.property ?? '']);
                return compare(
                  text,
                  propertyType(row.operator, row.value),
                  row.operator,
                  row.value,
                  fixture.now,
                );
              }
              const own =
                row.filter === 'campaign'
                  ? mail.campaign_id
                  : row.filter === 'template'
                    ? mail.template_id
                    : mail.link;
              const hit = own !== null && present(row.value).map(String).includes(own);
              return row.operator === 'in' || row.operator === 'equals' ? hit : !hit;
            },
          })),
        ));
    const count =
      kind === 'product_activity'
        ? fixture.events.filter(
            (e) => e.person_id === person.id && e.name === name && passes(e.properties, e.at),
          ).length
        : fixture.mails.filter((m) => m.person_id === person.id && m.event === name && passes({}, m.at, m))
            .length;
    const [operator, n] = frequency ? [frequency.operator, Number(frequency.value[0])] : ['at_least', 1];
    return operator === 'exactly' ? count === n : operator === 'at_least' ? count >= n : count <= n;
  };
  return join(
    query.conditions.map((group) => ({
      connector: group.connector,
      ok: () =>
        group.children.length === 0
          ? group.operator === 'all'
          : join(group.children.map((c) => ({ connector: c.connector, ok: () => item(c) }))),
    })),
  );
}
