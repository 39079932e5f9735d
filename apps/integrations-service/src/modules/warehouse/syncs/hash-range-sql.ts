import { asText, hashedRowsWhere, hashExpression, Params, type ReadPlan, type Statement } from './sync-sql';

/** Columns of a range aggregate answer. */
export const BUCKET = '__meridian_bucket';
export const ROWS = '__meridian_rows';
export const SUM = '__meridian_sum';

/** Hex digits of a row's MD5 summed per range: 60 bits, so a sum of a billion rows fits 38 digits. */
export const PREFIX_HEX_DIGITS = 15;

/**
 * The first 60 bits of a row's MD5 as a number, in each dialect's own functions:
 * - Postgres: a bit-string cast ('x' || hex)::bit(60)::bigint; Redshift has no bit types.
 * - Redshift: STRTOL(hex, 16), a BIGINT (Postgres has no STRTOL); summed as DECIMAL(38, 0), since
 *   Redshift's SUM of a BIGINT is a BIGINT and would overflow.
 * - Snowflake: TO_NUMBER(UPPER(hex), 'XXX...'), the hexadecimal format model; a NUMBER(38, 0).
 */
export function hashPrefixExpression(plan: ReadPlan): string {
  const digits = `SUBSTRING(${hashExpression(plan)}, 1, ${PREFIX_HEX_DIGITS})`;
  switch (plan.dialect) {
    case 'postgres':
      return `CAST(CAST('x' || ${digits} AS bit(${PREFIX_HEX_DIGITS * 4})) AS bigint)`;
    case 'redshift':
      return `CAST(STRTOL(${digits}, 16) AS DECIMAL(38, 0))`;
    case 'snowflake':
      // Upper case: the digits as the format model's 'X' elements print them.
      return `TO_NUMBER(UPPER(${digits}), '${'X'.repeat(PREFIX_HEX_DIGITS)}')`;
  }
}

/**
 * The bucket of a row's key among ranges with the given upper bounds (inclusive, ascending; the
 * last range has none): a balanced tree of comparisons, so a row costs log2(ranges) of them and
 * each bound is bound once, in text order (Snowflake's `?` are positional).
 */
function bucketExpression(key: string, uppers: readonly string[], p: Params, lo: number, hi: number): string {
  if (lo === hi) return String(lo);
  const mid = (lo + hi) >> 1;
  const bound = p.bind(uppers[mid]);
  const left = bucketExpression(key, uppers, p, lo, mid);
  const right = bucketExpression(key, uppers, p, mid + 1, hi);
  return `CASE WHEN ${key} <= ${bound} THEN ${left} ELSE ${right} END`;
}

/**
 * One query for the row count and the sum of 60-bit hash prefixes of every key range, over the
 * same rows a content-hash page reads. `uppers` are the upper bounds of every range but the last
 * (which is unbounded); bucket i is range i. Ranges without rows are absent from the answer.
 */
export function rangeAggregates(plan: ReadPlan, uppers: readonly string[]): Statement {
  const p = new Params(plan.dialect);
  const key = plan.quote(plan.key);
  const bucket = bucketExpression(key, uppers, p, 0, uppers.length);
  const where = hashedRowsWhere(plan, p, null);
  // Snowflake: a typed sum (a no-op there), which the emulator would otherwise sum as a DOUBLE.
  const sum = plan.dialect === 'snowflake' ? 'SUM(CAST(h AS NUMBER(38, 0)))' : 'SUM(h)';
  return {
    sql: `SELECT b AS "${BUCKET}", ${asText(plan, 'COUNT(*)')} AS "${ROWS}", ${asText(plan, sum)} AS "${SUM}"
      FROM (SELECT ${bucket} AS b, ${hashPrefixExpression(plan)} AS h FROM ${plan.table} WHERE ${where}) r
      GROUP BY b`,
    params: p.values,
  };
}
