/**
 * What the contacts list and a static list's members list share so both stay instant at a
 * million contacts: the keyword condition (served by the trigram index) and counts that stop at
 * a cap instead of visiting every matching row on each keystroke.
 */

/** Rows counted exactly without a keyword: counting them reads only an index, so it is cheap. */
export const LIST_COUNT_CAP = 10_000;
/** With a keyword each counted row is rechecked in the table, so fewer are counted exactly. */
export const SEARCH_COUNT_CAP = 1_000;

/** Escapes LIKE wildcards so a keyword matches literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Keywords shorter than a trigram have nothing to look up in the index. */
export const MIN_ANYWHERE_KEYWORD = 3;

/**
 * The LIKE pattern of a contact search: anywhere in a field from three characters on; a shorter
 * keyword matches the start of a field, which the trigram index still finds (a one- or
 * two-character substring would scan every contact).
 */
export function searchPattern(keyword: string): string {
  const pattern = likePattern(keyword);
  return [...keyword].length < MIN_ANYWHERE_KEYWORD ? pattern.slice(1) : pattern;
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
