/**
 * How branch conditions compare one person's value, for branch by token and by value and for the
 * person-field leaves of branch by filter. Operator names are the audience operators' (and the
 * branch zero-argument ones); one function so the dry run and the engine cannot disagree.
 */

export type ConditionValue = string | number | boolean | null;

export interface ValueCondition {
  operator: string;
  value?: readonly ConditionValue[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

const asText = (value: unknown): string =>
  value instanceof Date
    ? value.toISOString()
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

function asTime(value: unknown): number | null {
  if (value instanceof Date) return value.getTime();
  if (typeof value !== 'string' || value.trim() === '') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

function asBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value.trim().toLowerCase() : null;
  if (text === 'true') return true;
  if (text === 'false') return false;
  return null;
}

/** Equal as numbers when both read as numbers, else as texts ignoring case and surrounding space. */
function same(actual: unknown, expected: ConditionValue): boolean {
  if (isBlank(actual) || expected === null) return isBlank(actual) && expected === null;
  const a = asNumber(actual);
  const b = asNumber(expected);
  if (a !== null && b !== null) return a === b;
  return asText(actual).trim().toLowerCase() === String(expected).trim().toLowerCase();
}

/** Orders numbers as numbers, dates as dates; null when the two cannot be ordered. */
function order(actual: unknown, expected: ConditionValue | undefined): number | null {
  if (isBlank(actual) || expected === undefined || expected === null) return null;
  const a = asNumber(actual);
  const b = asNumber(expected);
  if (a !== null && b !== null) return a - b;
  const ta = asTime(actual);
  const tb = asTime(expected);
  return ta !== null && tb !== null ? ta - tb : null;
}

const texts = (values: readonly ConditionValue[]) =>
  values.filter((value) => !isBlank(value)).map((value) => String(value).trim().toLowerCase());

/** Whether the person's value passes the condition; an unknown operator passes nobody. */
export function compareValue(actual: unknown, condition: ValueCondition, now: Date): boolean {
  const values = condition.value ?? [];
  const text = isBlank(actual) ? '' : asText(actual).toLowerCase();
  const cmp = () => order(actual, values[0]);
  switch (condition.operator) {
    case 'equals':
    case 'in':
      return values.some((value) => same(actual, value));
    case 'not_equals':
    case 'not_in':
      return !values.some((value) => same(actual, value));
    case 'contains':
      return !isBlank(actual) && texts(values).some((value) => text.includes(value));
    case 'not_contains':
      return !texts(values).some((value) => text.includes(value));
    case 'starts_with':
      return !isBlank(actual) && texts(values).some((value) => text.startsWith(value));
    case 'ends_with':
      return !isBlank(actual) && texts(values).some((value) => text.endsWith(value));
    case 'greater_than':
    case 'after':
      return cmp() !== null && (cmp() as number) > 0;
    case 'less_than':
    case 'before':
      return cmp() !== null && (cmp() as number) < 0;
    case 'greater_or_equal':
      return cmp() !== null && (cmp() as number) >= 0;
    case 'less_or_equal':
      return cmp() !== null && (cmp() as number) <= 0;
    case 'between': {
      const low = order(actual, values[0]);
      const high = order(actual, values[1]);
      return low !== null && high !== null && low >= 0 && high <= 0;
    }
    case 'on': {
      const a = asTime(actual);
      const b = asTime(values[0]);
      return (
        a !== null &&
        b !== null &&
        new Date(a).toISOString().slice(0, 10) === new Date(b).toISOString().slice(0, 10)
      );
    }
    case 'in_last_days':
    case 'not_in_last_days': {
      const time = asTime(actual);
      const days = asNumber(values[0]);
      if (time === null || days === null) return condition.operator === 'not_in_last_days';
      const inside = time <= now.getTime() && time >= now.getTime() - days * DAY_MS;
      return condition.operator === 'in_last_days' ? inside : !inside;
    }
    case 'is_empty':
    case 'is_null':
    case 'not_exists':
      return isBlank(actual);
    case 'is_not_empty':
    case 'is_not_null':
    case 'exists':
      return !isBlank(actual);
    case 'is_true':
      return asBoolean(actual) === true;
    case 'is_false':
      return asBoolean(actual) === false;
    default:
      return false;
  }
}

/** The condition in words: `first_name equals "Ada"`, `score between 1 and 5`, `phone is empty`. */
export function describeCondition(subject: string, condition: ValueCondition): string {
  const values = (condition.value ?? [])
    .filter((value) => !isBlank(value))
    .map((value) => `"${String(value)}"`);
  const operator = condition.operator.replace(/_/g, ' ');
  if (values.length === 0) return `${subject} ${operator}`;
  if (condition.operator === 'between') return `${subject} between ${values[0]} and ${values[1] ?? '?'}`;
  return `${subject} ${operator} ${values.join(', ')}`;
}

/** A value as the explanation shows it. */
export const showValue = (value: unknown): string => (isBlank(value) ? 'empty' : `"${asText(value)}"`);
