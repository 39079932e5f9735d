import { Stack, Text } from '@mantine/core';
import { flowMessages } from '@meridian/contracts';
import { defaultOperator, type OperandType, valueForOperator } from './condition-operators';
import { ConditionRow } from './condition-row';
import type { ConditionValue } from './condition-value-input';
import { AddButton, ConditionList, ConditionListItem, EmptyConditions, ListError } from './panel-parts';
import { newBranchId, type StepErrors, withBranchIds } from './use-step-errors';

/** Spec 3: token and value branches hold conditions each opening its own branch. */
export interface BranchCondition {
  branch_id: string;
  condition: { operator: string; value: ConditionValue };
}

export function readBranchConditions(options: Record<string, unknown>): BranchCondition[] {
  const list = Array.isArray(options.conditions) ? (options.conditions as Partial<BranchCondition>[]) : [];
  return list.map((item) => ({
    branch_id: typeof item.branch_id === 'string' ? item.branch_id : '',
    condition: {
      operator: String(item.condition?.operator ?? ''),
      value: Array.isArray(item.condition?.value) ? item.condition.value : [],
    },
  }));
}

/** The options with these conditions, every branch id present (new ones minted where missing). */
export function withConditions(
  options: Record<string, unknown>,
  conditions: readonly BranchCondition[],
): Record<string, unknown> {
  const filled = conditions.map((item) => (item.branch_id ? item : { ...item, branch_id: newBranchId() }));
  return withBranchIds({ ...options, conditions: filled }, ['default_branch_id']);
}

/**
 * When the token or field changes type, each condition keeps its operator only if the new type
 * offers it, and no value: a value typed for the old type does not fit the new one.
 */
export function retypeConditions(
  conditions: readonly BranchCondition[],
  from: OperandType | null | undefined,
  to: OperandType | null | undefined,
  operators: readonly string[],
): BranchCondition[] {
  if (from === to) return [...conditions];
  return conditions.map((item) => {
    const { operator } = item.condition;
    const next = operators.includes(operator) ? operator : defaultOperator(operators);
    return { ...item, condition: { operator: next, value: [] } };
  });
}

export interface BranchConditionsProps {
  options: Record<string, unknown>;
  onChange(options: Record<string, unknown>): void;
  errors: StepErrors;
  operandType: OperandType | null | undefined;
  operators: readonly string[];
  /** Why conditions cannot be added yet (no token or field picked), shown instead of the Add button. */
  blockedReason?: string;
  readOnly: boolean;
}

/** The conditions of a token or value branch: one branch per condition, plus the default branch. */
export function BranchConditions({
  options,
  onChange,
  errors,
  operandType,
  operators,
  blockedReason,
  readOnly,
}: BranchConditionsProps) {
  const conditions = readBranchConditions(options);
  const save = (next: BranchCondition[]) => onChange(withConditions(options, next));
  const update = (index: number, patch: Partial<BranchCondition['condition']>) =>
    save(
      conditions.map((item, i) =>
        i === index ? { ...item, condition: { ...item.condition, ...patch } } : item,
      ),
    );
  const path = (index: number, part: string) => `conditions.${index}.condition.${part}`;
  const listError = errors.at('conditions');

  return (
    <Stack gap="sm">
      <Text size="sm" fw={600}>
        Branch conditions
      </Text>
      <Text size="sm" c="dimmed">
        Each condition opens its own branch. People who match none of them take the default branch.
      </Text>
      {conditions.length === 0 ? (
        <EmptyConditions message={flowMessages.conditionsRequired} error={Boolean(listError)} />
      ) : (
        <ConditionList label="Branch conditions">
          {conditions.map((item, index) => (
            <ConditionListItem key={item.branch_id || index}>
              <ConditionRow
                label={`Branch ${index + 1}`}
                operandType={operandType}
                operators={operators}
                operator={item.condition.operator}
                value={item.condition.value}
                onOperatorChange={(operator) =>
                  update(index, {
                    operator,
                    value: valueForOperator(
                      operandType,
                      item.condition.operator,
                      operator,
                      item.condition.value,
                    ),
                  })
                }
                onValueChange={(value) => {
                  errors.touch(path(index, 'value'));
                  update(index, { value });
                }}
                onBlur={(part) => errors.touch(path(index, part))}
                onRemove={() => {
                  errors.reset();
                  errors.touch('conditions');
                  save(conditions.filter((_, i) => i !== index));
                }}
                errors={{
                  operator: errors.at(path(index, 'operator')),
                  value: errors.at(path(index, 'value')) ?? errors.at(`conditions.${index}.branch_id`),
                }}
                readOnly={readOnly}
              />
            </ConditionListItem>
          ))}
        </ConditionList>
      )}
      {conditions.length > 0 && <ListError message={listError} />}
      {!readOnly &&
        (blockedReason ? (
          <Text size="sm" c="dimmed">
            {blockedReason}
          </Text>
        ) : (
          <AddButton
            onClick={() => {
              errors.touch('conditions');
              save([
                ...conditions,
                { branch_id: newBranchId(), condition: { operator: defaultOperator(operators), value: [] } },
              ]);
            }}
          >
            Add condition
          </AddButton>
        ))}
    </Stack>
  );
}
