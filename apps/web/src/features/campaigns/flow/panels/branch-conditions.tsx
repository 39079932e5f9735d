import { Stack, Text } from '@mantine/core';
import { flowMessages } from '@meridian/contracts';
import { useState } from 'react';
import { ConditionList } from './condition-list';
import { conditionSummary, defaultOperator, type OperandType, valueForOperator } from './condition-operators';
import { ConditionRow } from './condition-row';
import type { ConditionValue } from './condition-value-input';
import { AddButton, EmptyConditions, ListError } from './panel-parts';
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
  /** What the conditions compare, as the list names it: the token or the field's display name. */
  operand: string;
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
  operand,
  operandType,
  operators,
  blockedReason,
  readOnly,
}: BranchConditionsProps) {
  const [chosen, setChosen] = useState(0);
  const conditions = readBranchConditions(options);
  const selected = Math.min(chosen, conditions.length - 1);
  const save = (next: BranchCondition[]) => onChange(withConditions(options, next));
  const update = (index: number, patch: Partial<BranchCondition['condition']>) =>
    save(
      conditions.map((item, i) =>
        i === index ? { ...item, condition: { ...item.condition, ...patch } } : item,
      ),
    );
  const path = (index: number, part: string) => `conditions.${index}.condition.${part}`;
  const errorsOf = (index: number) => ({
    operator: errors.at(path(index, 'operator')),
    value: errors.at(path(index, 'value')) ?? errors.at(`conditions.${index}.branch_id`),
  });
  const listError = errors.at('conditions');
  const editing = conditions[selected];

  return (
    <Stack gap="sm">
      <Text size="sm" fw={600}>
        Branch conditions
      </Text>
      <Text size="sm" c="dimmed">
        Each condition opens its own branch. People who match none of them take the default branch.
      </Text>
      {conditions.length === 0 || !editing ? (
        <EmptyConditions message={flowMessages.conditionsRequired} error={Boolean(listError)} />
      ) : (
        <ConditionList
          label="Branch conditions"
          itemLabel={(index) => `Branch ${index + 1}`}
          items={conditions.map(({ condition }, index) => ({
            summary: conditionSummary(operand, operandType, condition.operator, condition.value),
            invalid: Object.values(errorsOf(index)).some(Boolean),
          }))}
          selected={selected}
          onSelect={setChosen}
          onRemove={(index) => {
            errors.reset();
            errors.touch('conditions');
            if (index < selected) setChosen(selected - 1);
            save(conditions.filter((_, i) => i !== index));
          }}
          readOnly={readOnly}
          editor={
            <ConditionRow
              key={selected}
              label={`Branch ${selected + 1}`}
              operandType={operandType}
              operators={operators}
              operator={editing.condition.operator}
              value={editing.condition.value}
              onOperatorChange={(operator) =>
                update(selected, {
                  operator,
                  value: valueForOperator(
                    operandType,
                    editing.condition.operator,
                    operator,
                    editing.condition.value,
                  ),
                })
              }
              onValueChange={(value) => {
                errors.touch(path(selected, 'value'));
                update(selected, { value });
              }}
              onBlur={(part) => errors.touch(path(selected, part))}
              errors={errorsOf(selected)}
              readOnly={readOnly}
            />
          }
        />
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
              setChosen(conditions.length);
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
