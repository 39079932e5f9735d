import { dateBoundOf } from '@meridian/contracts';
import { likePattern } from '@meridian/server-kit';

/**
 * What the contacts list and a static list's members list share so both stay instant at a
 * million contacts: the keyword condition (served by the trigram indexes), a search page that
 * does not depend on where matches lie, and counts that stop at a cap instead of visiting every
 * matching row on each keystroke.
 */

/** Rows counted exactly without a keyword: counting them reads only an index, so it is cheap. */
export const LIST_COUNT_CAP = 10_000;
/** With a keyword each counted row is rechecked in the table, so fewer are counted exactly. */
export const SEARCH_COUNT_CAP = 1_000;

/** Keywords shorter than a trigram have nothing to look up in the index. */
export const MIN_ANYWHERE_KEYWORD = 3;

/**
 * Up to this many contacts, a one- or two-character keyword still matches anywhere: scanning
 * them takes a few milliseconds. Past it, such a keyword matches the start of a field, which the
 * trigram index still finds (a short substring would scan every contact on each keystroke).
 */
export const SHORT_KEYWORD_SCAN_LIMIT = 50_000;

/** Whether a keyword is too short for the trigram index to find it anywhere in a field. */
export function isShortKeyword(keyword: string): boolean {
  return [...keyword].length < MIN_ANYWHERE_KEYWORD;
}

/** Counts the organisation's contacts up to just past SHORT_KEYWORD_SCAN_LIMIT (an index-only walk). */
export const SMALL_ORGANISATION_SQL = `SELECT count(*)::int AS n FROM (
  SELECT 1 FROM campaign.persons WHERE organisation_id = $1 LIMIT ${SHORT_KEYWORD_SCAN_LIMIT + 1}) s`;

/**
 * The LIKE pattern of a contact search: anywhere in a field, except that a short keyword in a
 * large organisation (`shortAnywhere` false) matches the start of a field.
 */
export function searchPattern(keyword: string, shortAnywhere = false): string {
  const pattern = likePattern(keyword);
  return isShortKeyword(keyword) && !shortAnywhere ? pattern.slice(1) : pattern;
}

/** The spec's contact search columns (section 9: email, first_name, last_name), as one condition. */
export function keywordCondition(alias: string, param: string): string {
  return `(${alias}.email ILIKE ${param} OR ${alias}.first_name ILIKE ${param} OR ${alias}.last_name ILIKE ${param})`;
}

/**
 * How many matching rows to count at most: the cap, or past the requested page when that lies
 * deeper, so the page after the current one is always known to exist or not. One more than the
 * limit tells "exactly n" from "at least n".
 */
export function countBound(query: { keyword?: string; limit: number; offset: number }): number {
  const cap = query.keyword ? SEARCH_COUNT_CAP : LIST_COUNT_CAP;
  return Math.max(cap, query.offset + query.limit) + 1;
}

/** Newest rows a search reads first, before it looks further back. */
export const RECENT_WINDOW = 10_000;

/**
 * The ids of a search's page (columns `id` and `at`, newest first), whatever the planner guesses
 * about where matches lie. Walking the newest rows until a page is full is fast when matches are
 * spread out, but crosses the whole table when they all sit in older rows (one company imported a
 * year ago), and the planner cannot tell the two apart. So the page comes from the newest
 * RECENT_WINDOW rows when they hold enough matches (it is then exactly the page); otherwise from
 * all matches, found through the trigram indexes and sorted: few, or clustered, in that case.
 */
export function searchPageSql(q: {
  /** `<time column>, <id column>` of the listing order, both descending, e.g. `p._created_time, p.id`. */
  order: [string, string];
  from: string;
  /** Where all matches are found, when another join order suits that better than `from`. */
  hitsFrom?: string;
  filter: string;
  /** The time of the RECENT_WINDOW-th newest row: `SELECT t FROM ... ORDER BY t DESC, id OFFSET $w LIMIT 1`. */
  boundary: (offset: number) => string;
  limit: string;
  offset: string;
}): string {
  const [at, id] = q.order;
  const need = `${q.limit} + ${q.offset}`;
  const ordered = `ORDER BY at DESC, id LIMIT ${q.limit} OFFSET ${q.offset}`;
  return `WITH recent AS (
      SELECT ${id} AS id, ${at} AS at FROM ${q.from}
      WHERE ${q.filter} AND ${at} >= COALESCE((${q.boundary(RECENT_WINDOW - 1)}), '-infinity')
      ORDER BY ${at} DESC, ${id} LIMIT ${need}
    ), hits AS MATERIALIZED (
      SELECT ${id} AS id, ${at} AS at FROM ${q.hitsFrom ?? q.from} WHERE ${q.filter}
    )
    (SELECT id, at FROM recent WHERE (SELECT count(*) FROM recent) = ${need} ${ordered})
    UNION ALL
    (SELECT id, at FROM hits WHERE (SELECT count(*) FROM recent) < ${need} ${ordered})`;
}

/**
 * Counts matching rows up to `bound`. A keyword's matches are planned as a whole (a materialized
 * step the count then stops reading at the bound): planned as "the first n rows" instead, a
 * common keyword gets a scan in table order that checks tens of thousands of rows on three
 * columns, as the planner prices ILIKE as cheap; planned as a whole it reads the trigram indexes.
 */
export function countSql(q: { from: string; filter: string; keyword: boolean; bound: string }): string {
  if (!q.keyword)
    return `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${q.from} WHERE ${q.filter} LIMIT ${q.bound}) c`;
  return `WITH hits AS MATERIALIZED (SELECT 1 FROM ${q.from} WHERE ${q.filter})
    SELECT count(*)::int AS n FROM (SELECT 1 FROM hits LIMIT ${q.bound}) c`;
}

export interface CappedTotal {
  total: number;
  capped: boolean;
}

export function cappedTotal(counted: number, bound: number): CappedTotal {
  return counted >= bound ? { total: bound - 1, capped: true } : { total: counted, capped: false };
}

/** The response's page info: a capped total always leaves one more page to go to. */
export function pageInfo(count: CappedTotal, pageSize: number) {
  const pages = count.capped ? Math.floor(count.total / pageSize) + 1 : Math.ceil(count.total / pageSize);
  return { page_count: pages, total_count: count.total, total_capped: count.capped };
}

/**
 * The conditions of a list's date filter on `column`: from the start bound (inclusive) up to the
 * end bound. A day bound is a whole UTC day (an end day counts itself); an instant is exact, and
 * an end instant is exclusive (the screen sends the start of the day after the last one).
 */
export function dateFilterConditions(
  column: string,
  bounds: { startDate?: string; endDate?: string },
  param: (value: unknown) => string,
): string[] {
  const conditions: string[] = [];
  const start = bounds.startDate ? dateBoundOf(bounds.startDate) : null;
  const end = bounds.endDate ? dateBoundOf(bounds.endDate) : null;
  if (start?.kind === 'day') conditions.push(`${column} >= ${param(start.day)}::date`);
  if (start?.kind === 'instant') conditions.push(`${column} >= ${param(start.at)}::timestamptz`);
  if (end?.kind === 'day') conditions.push(`${column} < (${param(end.day)}::date + 1)`);
  if (end?.kind === 'instant') conditions.push(`${column} < ${param(end.at)}::timestamptz`);
  return conditions;
}
