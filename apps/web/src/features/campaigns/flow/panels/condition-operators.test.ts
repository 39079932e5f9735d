import { describe, expect, it } from 'vitest';
import {
  conditionSummary,
  operatorsFor,
  tokenOperandType,
  tokenOperators,
  valueForOperator,
  valueKindOf,
} from './condition-operators';
import { formulaPreview, modesFor, withField, withMode } from './update-operations';

describe('branch condition operators', () => {
  it('offers token operators by return type, never set_value, and none for lists and maps', () => {
    expect(tokenOperators('number')).toEqual(operatorsFor('float'));
    expect(tokenOperators('boolean')).toEqual(['is_true', 'is_false', 'is_empty', 'is_not_empty']);
    expect(tokenOperators('datetime')).toContain('in_last_days');
    for (const type of ['string', 'number', 'datetime', 'boolean'] as const)
      expect(tokenOperators(type)).not.toContain('set_value');
    expect(tokenOperandType('array')).toBeNull();
    expect(tokenOperators('hashmap')).toEqual([]);
  });

  it('types the value by operand type and operator', () => {
    expect(valueKindOf('string', 'equals')).toBe('text');
    expect(valueKindOf('integer', 'equals')).toBe('number');
    expect(valueKindOf('datetime', 'before')).toBe('date');
    expect(valueKindOf('datetime', 'in_last_days')).toBe('days');
    expect(valueKindOf('float', 'between')).toBe('range');
    expect(valueKindOf('string', 'not_in')).toBe('list');
    expect(valueKindOf('string', 'is_empty')).toBe('none');
    expect(valueKindOf('string', '')).toBe('none');
  });

  it('keeps the value across operators typed the same way only', () => {
    expect(valueForOperator('string', 'equals', 'contains', ['Ada'])).toEqual(['Ada']);
    expect(valueForOperator('string', 'equals', 'in', ['Ada'])).toEqual([]);
  });

  it('sums a condition up in one line', () => {
    expect(conditionSummary('Country', 'string', 'in', ['DE', 'FR'])).toBe('Country is any of DE, FR');
    expect(conditionSummary('Score', 'integer', 'between', [1, null])).toBe('Score between 1 and …');
    expect(conditionSummary('VIP', 'boolean', 'is_true', [])).toBe('VIP is true');
    expect(conditionSummary('', undefined, '', [])).toBe('No field: choose an operator');
  });
});

describe('update operations', () => {
  const draft = {
    filter: 'score',
    type: 'formula' as const,
    token: null,
    operator: 'add',
    value: [5],
    object_type: 'person' as const,
    filter_type: 'person' as const,
  };

  it('offers the formula mode for numeric fields only', () => {
    expect(modesFor('integer')).toEqual(['token', 'formula', 'custom_value']);
    expect(modesFor('string')).toEqual(['token', 'custom_value']);
  });

  it('resets mode, token, operator and value when the field type changes (spec 4)', () => {
    expect(withField(draft, { name: 'visits', type: 'integer' }, 'integer')).toEqual({
      ...draft,
      filter: 'visits',
    });
    expect(withField(draft, { name: 'revenue', type: 'float' }, 'integer')).toEqual({
      ...draft,
      filter: 'revenue',
      type: '',
      operator: '',
      value: [],
    });
  });

  it('starts a new mode blank, with set_value for token and custom value', () => {
    expect(withMode(draft, 'token')).toEqual({ ...draft, type: 'token', operator: 'set_value', value: [] });
    expect(withMode(draft, 'formula')).toBe(draft);
  });

  it('reads a formula as the new value', () => {
    expect(formulaPreview('Score', 'divide', [2])).toBe('Score becomes Score ÷ 2');
    expect(formulaPreview('Score', '', [2])).toBeNull();
    expect(formulaPreview('Score', 'add', [])).toBeNull();
  });
});
