import { flowMessages as m } from './flow-actions';
import { moveCondition } from './flow-conditions';
import { actionErrors } from './flow-graph';

const filterCondition = (value: unknown[], operator = 'equals') => ({
  sequence_number: 1,
  condition: { type: 'filter', filter_type: 'person', filter: 'country', operator, value },
});

describe('branch step options', () => {
  it("branch by filter needs a condition ('Add condition for branching')", () => {
    const base = { primary_branch_id: 'b1', default_branch_id: 'b2' };
    expect(actionErrors({ action_type: 'branch_by_filter', action_options: base })).toEqual({
      condition: 'Add condition for branching',
    });
    expect(
      actionErrors({
        action_type: 'branch_by_filter',
        action_options: { ...base, condition: { conditions: [] } },
      }),
    ).toEqual({ 'condition.conditions': m.filterConditionRequired });
  });

  it("branch operands must be filled ('value cannot be empty') unless the operator takes none", () => {
    const options = (value: unknown[], operator?: string) => ({
      primary_branch_id: 'b1',
      default_branch_id: 'b2',
      condition: { conditions: [filterCondition(value, operator)] },
    });
    expect(actionErrors({ action_type: 'branch_by_filter', action_options: options([' ']) })).toEqual({
      'condition.conditions.0.condition.value': 'value cannot be empty',
    });
    expect(
      actionErrors({ action_type: 'branch_by_filter', action_options: options([], 'is_empty') }),
    ).toEqual({});
    expect(actionErrors({ action_type: 'branch_by_filter', action_options: options(['DE']) })).toEqual({});
  });

  it("token and value branches need conditions and a token or column ('Option can't be empty')", () => {
    expect(
      actionErrors({ action_type: 'branch_by_token', action_options: { default_branch_id: 'd' } }),
    ).toEqual({
      token: "Option can't be empty",
      conditions: 'Add conditions for branching',
    });
    expect(
      actionErrors({
        action_type: 'branch_by_value',
        action_options: { filter: '', default_branch_id: 'd', conditions: [] },
      }),
    ).toEqual({ filter: m.optionEmpty, conditions: m.conditionsRequired });
  });

  it('token branches need one distinct branch per condition and a value for each', () => {
    const conditions = [
      { branch_id: 'x', condition: { operator: 'equals', value: ['gold'] } },
      { branch_id: 'x', condition: { operator: 'equals', value: [] } },
    ];
    expect(
      actionErrors({
        action_type: 'branch_by_token',
        action_options: { token: 'plan', default_branch_id: 'd', conditions },
      }),
    ).toEqual({ 'conditions.1.condition.value': m.valueEmpty, 'conditions.1.branch_id': m.fieldsInvalid });
    conditions[1].condition.value = ['silver'];
    expect(
      actionErrors({
        action_type: 'branch_by_token',
        action_options: { token: 'plan', default_branch_id: 'd', conditions },
      }),
    ).toEqual({ 'conditions.1.branch_id': m.fieldsInvalid });
  });

  it('renumbers conditions from 1 after a drag and drop', () => {
    const items = [
      { sequence_number: 1, id: 'a' },
      { sequence_number: 2, id: 'b' },
      { sequence_number: 3, id: 'c' },
    ];
    expect(moveCondition(items, 2, 0)).toEqual([
      { sequence_number: 1, id: 'c' },
      { sequence_number: 2, id: 'a' },
      { sequence_number: 3, id: 'b' },
    ]);
    expect(moveCondition(items, 5, 0).map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('update value options', () => {
  const op = (operation: Record<string, unknown>, sequence_number = 1) => ({ sequence_number, operation });
  const errorsOf = (operations: unknown) =>
    actionErrors({ action_type: 'update_value', action_options: { operations } });

  it("needs operations ('Updation operations are required')", () => {
    expect(errorsOf(undefined)).toEqual({ operations: 'Updation operations are required' });
    expect(errorsOf([])).toEqual({ operations: m.operationsRequired });
  });

  it('needs a field and an action', () => {
    expect(errorsOf([op({})])).toEqual({
      'operations.0.operation.filter': 'Field is required',
      'operations.0.operation.type': 'Action is required',
      'operations.0.operation.operator': m.actionRequired,
    });
  });

  it('checks each mode: token, custom value, and formula numbers (division at least 1)', () => {
    const field = { filter: 'score', operator: 'set_value' };
    expect(errorsOf([op({ ...field, type: 'token', token: ' ' })])).toEqual({
      'operations.0.operation.token': 'Valid token is required',
    });
    expect(errorsOf([op({ ...field, type: 'custom_value', value: [''] })])).toEqual({
      'operations.0.operation.value': 'Value is not valid',
    });
    expect(errorsOf([op({ filter: 'score', type: 'formula', operator: 'add', value: ['x'] })])).toEqual({
      'operations.0.operation.value': 'Enter a valid number',
    });
    expect(errorsOf([op({ filter: 'score', type: 'formula', operator: 'divide', value: [0] })])).toEqual({
      'operations.0.operation.value': m.numberInvalid,
    });
    expect(errorsOf([op({ filter: 'score', type: 'formula', operator: 'subtract', value: [0] })])).toEqual(
      {},
    );
    expect(errorsOf([op({ filter: 'score', type: 'formula', operator: 'divide', value: ['2'] })])).toEqual(
      {},
    );
  });

  it('lets a field be used in one operation only', () => {
    const set = { filter: 'plan', type: 'custom_value', operator: 'set_value', value: ['gold'] };
    expect(errorsOf([op(set, 1), op(set, 2)])).toEqual({ 'operations.1.operation.filter': m.fieldTaken });
  });
});
