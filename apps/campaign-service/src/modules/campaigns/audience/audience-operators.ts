import { audienceOperators, type PersonFieldType } from '@meridian/contracts';
import {
  daysBefore,
  firstText,
  invalidAt,
  type Params,
  type RawValue,
  textList,
  toCount,
  toInstant,
  toNumber,
  utcDay,
} from './audience-values';

/**
 * One comparison of a value expression (a column, a jsonb text, a typed cast) with a leaf's
 * operator and values. Rules the in-memory evaluator of the tests follows too:
 * - text compares case-insensitively; single-valued operators read the first value;
 * - an empty value (null, or '' for text) matches no positive comparison, and the negative
 *   operators (not_equals, not_contains, not_in, not_in_last_days) are exactly NOT the positive
 *   one, so they match empty values;
 * - a stored value that does not read as the field's type counts as empty.
 */
export interface Operand {
  /** SQL of the raw text value (column or jsonb ->> key). */
  text: string;
  type: PersonFieldType;
}

const negated: Record<string, string> = {
  not_equals: 'equals',
  not_contains: 'contains',
  not_in: 'in',
  not_in_last_days: 'in_last_days',
};

/** Safe casts: a pattern guards the numeric and boolean casts, a function the date cast. */
export function typedExpression(operand: Operand, patterns: Record<string, string>, params: Params): string {
  const { text, type } = operand;
  if (type === 'string') return text;
  if (type === 'datetime') return `campaign.audience_timestamptz(${text})`;
  const guard = `(${text}) ~ ${params.add(patterns[type])}`;
  if (type === 'boolean') return `(CASE WHEN ${guard} THEN lower(${text}) = 'true' END)`;
  return `(CASE WHEN ${guard} THEN (${text})::numeric END)`;
}

export function compareOperand(
  operand: Operand,
  operator: string,
  value: readonly RawValue[],
  ctx: { params: Params; now: Date; path: string; patterns: Record<string, string> },
): string {
  const { params, path } = ctx;
  if (!(audienceOperators[operand.type] as readonly string[]).includes(operator)) invalidAt(path);
  const positive = negated[operator];
  if (positive) return `NOT coalesce(${compareOperand(operand, positive, value, ctx)}, false)`;
  const typed = typedExpression(operand, ctx.patterns, params);
  if (operator === 'is_empty')
    return operand.type === 'string' ? `coalesce(${typed}, '') = ''` : `${typed} IS NULL`;
  if (operator === 'is_not_empty')
    return operand.type === 'string' ? `coalesce(${typed}, '') <> ''` : `${typed} IS NOT NULL`;
  if (operand.type === 'string') return compareText(typed, operator, value, params, path);
  if (operand.type === 'boolean') return `coalesce(${typed} = ${operator === 'is_true'}, false)`;
  if (operand.type === 'datetime') return compareDate(typed, operator, value, ctx);
  return compareNumber(typed, operator, value, params, path);
}

function compareText(
  typed: string,
  operator: string,
  value: readonly RawValue[],
  params: Params,
  path: string,
) {
  const lowered = `lower(${typed})`;
  if (operator === 'in')
    return `${lowered} = ANY(${params.add(textList(value, path).map(lower), '::text[]')})`;
  const needle = lower(firstText(value, path));
  const bound = params.add(needle, '::text');
  switch (operator) {
    case 'equals':
      return `${lowered} = ${bound}`;
    case 'contains':
      return `strpos(${lowered}, ${bound}) > 0`;
    case 'starts_with':
      return `left(${lowered}, ${params.add(needle.length, '::int')}) = ${bound}`;
    case 'ends_with':
      return `right(${lowered}, ${params.add(needle.length, '::int')}) = ${bound}`;
    default:
      return invalidAt(path);
  }
}

const lower = (text: string) => text.toLowerCase();

const comparisons: Record<string, string> = {
  equals: '=',
  greater_than: '>',
  less_than: '<',
  greater_or_equal: '>=',
  less_or_equal: '<=',
};

function compareNumber(
  typed: string,
  operator: string,
  value: readonly RawValue[],
  params: Params,
  path: string,
) {
  if (operator === 'between') {
    const [low, high] = [toNumber(value[0], path), toNumber(value[1], path)];
    return `${typed} BETWEEN ${params.add(String(low), '::numeric')} AND ${params.add(String(high), '::numeric')}`;
  }
  const sign = comparisons[operator] ?? invalidAt(path);
  return `${typed} ${sign} ${params.add(String(toNumber(value[0], path)), '::numeric')}`;
}

/** Date comparisons, also the time frame rows of activity groups. */
export function compareDate(
  typed: string,
  operator: string,
  value: readonly RawValue[],
  ctx: { params: Params; now: Date; path: string },
): string {
  const { params, path, now } = ctx;
  const at = (date: Date) => params.add(date.toISOString(), '::timestamptz');
  switch (operator) {
    case 'before':
      return `${typed} < ${at(toInstant(value[0], path))}`;
    case 'after':
      return `${typed} > ${at(toInstant(value[0], path))}`;
    case 'between':
      return `${typed} BETWEEN ${at(toInstant(value[0], path))} AND ${at(toInstant(value[1], path))}`;
    case 'on': {
      const [start, end] = utcDay(toInstant(value[0], path));
      return `(${typed} >= ${at(start)} AND ${typed} < ${at(end)})`;
    }
    case 'in_last_days':
      return `(${typed} >= ${at(daysBefore(now, toCount(value[0], path)))} AND ${typed} <= ${at(now)})`;
    default:
      return invalidAt(path);
  }
}
