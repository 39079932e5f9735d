import { PREFIX_HEX_DIGITS } from './hash-range-sql';

/**
 * A key range of a content-hash table: the keys above the previous range's `upper` up to its own
 * (inclusive; the last range has no upper bound), with the row count and the sum of the 60-bit
 * hash prefixes of what was last published for it. `rows` and `sum` are null while unknown (a
 * scan of the range has not finished): such a range is always scanned again.
 */
export interface HashRange {
  upper: string | null;
  rows: number | null;
  sum: bigint | null;
}

export interface RangeAggregate {
  rows: number;
  sum: bigint;
}

/** The 60-bit prefix of an MD5 in hex, as every dialect's `hashPrefixExpression` computes it. */
export const hashPrefix = (hash: string): bigint =>
  BigInt(`0x${hash.replace(/-/g, '').slice(0, PREFIX_HEX_DIGITS)}`);

export function aggregateOf(hashes: Iterable<string>): RangeAggregate {
  let rows = 0;
  let sum = 0n;
  for (const hash of hashes) {
    rows += 1;
    sum += hashPrefix(hash);
  }
  return { rows, sum };
}

/** No range known yet: the whole key space is one unknown range. */
export const unknownKeySpace = (): HashRange[] => [{ upper: null, rows: null, sum: null }];

/**
 * The indexes of the ranges to scan again: unknown ones, and those whose count or sum in the
 * warehouse (`answer`, by range index; a range without rows is absent) differs from the stored.
 */
export function rangesToScan(
  ranges: readonly HashRange[],
  answer: ReadonlyMap<number, RangeAggregate>,
): number[] {
  const dirty: number[] = [];
  ranges.forEach((range, index) => {
    const now = answer.get(index) ?? { rows: 0, sum: 0n };
    if (range.rows === null || range.sum === null || range.rows !== now.rows || range.sum !== now.sum) {
      dirty.push(index);
    }
  });
  return dirty;
}

/**
 * The ranges after a page of the scan of the range ending at `upper` was published: the page's
 * keys (up to `reached`) form a known range and the rest of the range stays unknown, or the whole
 * range is known when the page was its last.
 */
export function afterPage(
  ranges: readonly HashRange[],
  upper: string | null,
  reached: string | null,
  page: RangeAggregate,
  last: boolean,
): HashRange[] {
  const index = ranges.findIndex((r) => r.upper === upper);
  if (index < 0) throw new Error('The scanned range is not among the stored ranges');
  const replacement: HashRange[] =
    last || reached === null || reached === upper
      ? [{ upper, rows: page.rows, sum: page.sum }]
      : [
          { upper: reached, rows: page.rows, sum: page.sum },
          { upper, rows: null, sum: null },
        ];
  return [...ranges.slice(0, index), ...replacement, ...ranges.slice(index + 1)];
}

/**
 * Neighbouring known ranges merged while together they hold at most `maxRows` rows (their
 * aggregates add up), so small remainders and emptied ranges do not pile up over runs.
 */
export function merged(ranges: readonly HashRange[], maxRows: number): HashRange[] {
  const out: HashRange[] = [];
  for (const range of ranges) {
    const previous = out.at(-1);
    if (
      previous &&
      previous.rows !== null &&
      previous.sum !== null &&
      range.rows !== null &&
      range.sum !== null &&
      previous.rows + range.rows <= maxRows
    ) {
      out[out.length - 1] = {
        upper: range.upper,
        rows: previous.rows + range.rows,
        sum: previous.sum + range.sum,
      };
    } else {
      out.push(range);
    }
  }
  return out;
}
