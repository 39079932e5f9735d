import {
  AUDIENCE_RANGE_OPERATORS,
  audienceOperatorLabels,
  audienceOperators,
  BRANCH_ZERO_ARGUMENT_OPERATORS,
  type PersonFieldType,
  type TokenReturnType,
} from '@meridian/contracts';

/** What a branch condition compares: a person field's type or a token's scalar return type. */
export type OperandType = PersonFieldType;

/** The update step's formulas; comparisons are named as the dynamic list names them. */
const formulaLabels: Record<string, string> = {
  add: 'Add',
  subtract: 'Subtract',
  multiply: 'Multiply by',
  divide: 'Divide by',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const operatorLabel = (operator: string) =>
  formulaLabels[operator] ?? capitalised(audienceOperatorLabels[operator] ?? operator.replaceAll('_', ' '));

/** The audience operators of a field type, as the dynamic list offers them. */
export function operatorsFor(type: OperandType | null | undefined): readonly string[] {
  return type ? audienceOperators[type] : [];
}

/** Spec 5: token branches offer only scalar tokens, and operators matching the type (never set_value). */
export const BRANCH_TOKEN_TYPES: readonly TokenReturnType[] = ['string', 'number', 'datetime', 'boolean'];

export function tokenOperandType(type: TokenReturnType): OperandType | null {
  if (type === 'number') return 'float';
  if (type === 'string' || type === 'datetime' || type === 'boolean') return type;
  return null;
}

export function tokenOperators(type: TokenReturnType | null | undefined): readonly string[] {
  const operand = type ? tokenOperandType(type) : null;
  return operatorsFor(operand).filter((operator) => operator !== 'set_value');
}

/** How a condition's value is typed in, by its operand type and operator. */
export type ValueKind = 'none' | 'text' | 'number' | 'date' | 'list' | 'range' | 'days';

export function valueKindOf(type: OperandType | null | undefined, operator: string): ValueKind {
  if (!operator || BRANCH_ZERO_ARGUMENT_OPERATORS.includes(operator)) return 'none';
  if (operator === 'in' || operator === 'not_in') return 'list';
  if (operator === 'in_last_days' || operator === 'not_in_last_days') return 'days';
  if (AUDIENCE_RANGE_OPERATORS.includes(operator)) return 'range';
  if (type === 'integer' || type === 'float') return 'number';
  if (type === 'datetime') return 'date';
  return 'text';
}

/** The operator a new or retyped condition starts with: the type's first, so the row is never blank. */
export function defaultOperator(operators: readonly string[]): string {
  return operators[0] ?? '';
}

/** A new operator keeps the value only when the value is typed the same way (text stays text). */
export function valueForOperator<V>(
  type: OperandType | null | undefined,
  from: string,
  to: string,
  value: V[],
): V[] {
  return valueKindOf(type, from) === valueKindOf(type, to) ? value : [];
}

const shownValue = (kind: ValueKind, value: readonly unknown[]) => {
  const items = value.filter((item) => item !== null && String(item).trim() !== '').map(String);
  if (kind === 'none') return '';
  if (kind === 'range') return `${String(value[0] ?? '…')} and ${String(value[1] ?? '…')}`;
  if (items.length === 0) return '…';
  return kind === 'days' ? `${items[0]} days` : items.join(', ');
};

/** A condition in one line for the compact list: 'First Name equals Ada'. */
export function conditionSummary(
  operand: string,
  type: OperandType | null | undefined,
  operator: string,
  value: readonly unknown[],
): string {
  if (!operator) return `${operand || 'No field'}: choose an operator`;
  const text = shownValue(valueKindOf(type, operator), value);
  return [operand || 'No field', operatorLabel(operator).toLowerCase(), text].filter(Boolean).join(' ');
}
