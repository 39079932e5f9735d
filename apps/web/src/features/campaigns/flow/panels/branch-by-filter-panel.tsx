import { Stack, Text } from '@mantine/core';
import { flowMessages, moveCondition, renumberConditions } from '@meridian/contracts';
import { useState } from 'react';
import { conditionSummary, defaultOperator, operatorsFor, valueForOperator } from './condition-operators';
import { type ConditionPart, ConditionRow } from './condition-row';
import type { ConditionValue } from './condition-value-input';
import { type PersonFieldOption, usePersonFieldOptions } from './panel-sources';
import { ConditionList } from './condition-list';
import { AddButton, EmptyConditions, ListError, SourceStatus } from './panel-parts';
import type { StepPanelProps } from './types';
import { useStepErrors, withBranchIds } from './use-step-errors';

/** Spec 3 "Branch condition item": a person-field filter, ordered by sequence_number from 1. */
export interface FilterCondition {
  sequence_number: number;
  condition: {
    type: 'filter';
    filter_type: 'person';
    filter: string;
    operator: string;
    value: ConditionValue;
  };
}

const BRANCH_KEYS = ['primary_branch_id', 'default_branch_id'] as const;

/** The stored conditions, read leniently: a draft may hold half-filled rows. */
export function readFilterConditions(options: Record<string, unknown>): FilterCondition[] {
  const holder = options.condition as { conditions?: unknown } | undefined;
  const list = Array.isArray(holder?.conditions) ? (holder.conditions as Partial<FilterCondition>[]) : [];
  return list.map((item, index) => ({
    sequence_number: typeof item.sequence_number === 'number' ? item.sequence_number : index + 1,
    condition: {
      type: 'filter',
      filter_type: 'person',
      filter: String(item.condition?.filter ?? ''),
      operator: String(item.condition?.operator ?? ''),
      value: Array.isArray(item.condition?.value) ? item.condition.value : [],
    },
  }));
}

/**
 * Branch by filter: people matching the conditions take the primary branch, everyone else the
 * default branch. Conditions reorder by drag and drop or by their Move up / Move down buttons.
 */
export function BranchByFilterPanel(props: StepPanelProps) {
  // One step's touched fields and selected condition never carry over to the next step shown.
  return <BranchByFilterPanelBody key={props.node.action_id} {...props} />;
}

function BranchByFilterPanelBody(props: StepPanelProps) {
  const { options, onChange, readOnly } = props;
  const errors = useStepErrors(props);
  const fields = usePersonFieldOptions();
  const [chosen, setChosen] = useState(0);
  const conditions = readFilterConditions(options);
  const selected = Math.min(chosen, conditions.length - 1);
  const fieldList = fields.data ?? [];
  const fieldOf = (name: string) => fieldList.find((field) => field.name === name);

  const save = (next: FilterCondition[]) => {
    const holder = (options.condition as Record<string, unknown> | undefined) ?? {};
    onChange(
      withBranchIds(
        { ...options, condition: { ...holder, conditions: renumberConditions(next) } },
        BRANCH_KEYS,
      ),
    );
  };
  const update = (index: number, patch: Partial<FilterCondition['condition']>) =>
    save(
      conditions.map((item, i) =>
        i === index ? { ...item, condition: { ...item.condition, ...patch } } : item,
      ),
    );

  const add = () => {
    errors.touch('condition.conditions');
    setChosen(conditions.length);
    save([
      ...conditions,
      {
        sequence_number: conditions.length + 1,
        condition: { type: 'filter', filter_type: 'person', filter: '', operator: '', value: [] },
      },
    ]);
  };
  const remove = (index: number) => {
    errors.reset();
    errors.touch('condition.conditions');
    if (index < selected) setChosen(selected - 1);
    save(conditions.filter((_, i) => i !== index));
  };
  const move = (from: number, to: number) => {
    errors.reset();
    save(moveCondition(conditions, from, to));
  };
  const pickField = (index: number, field: PersonFieldOption) => {
    const current = conditions[index]!.condition;
    const operators = operatorsFor(field.type);
    // A field of another type keeps nothing of the old comparison: its operators and values differ.
    const keep = fieldOf(current.filter)?.type === field.type && operators.includes(current.operator);
    update(index, {
      filter: field.name,
      operator: keep ? current.operator : defaultOperator(operators),
      value: keep ? current.value : [],
    });
  };

  const path = (index: number, part: ConditionPart) => `condition.conditions.${index}.condition.${part}`;
  const errorsOf = (index: number) => ({
    filter: errors.at(path(index, 'filter')),
    operator: errors.at(path(index, 'operator')),
    value: errors.at(path(index, 'value')),
  });
  const listError = errors.at('condition.conditions') ?? errors.at('condition');
  const editing = conditions[selected];
  const editingField = editing && fieldOf(editing.condition.filter);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        People who match every condition take the primary branch; everyone else takes the default branch.
      </Text>
      <SourceStatus
        what="person fields"
        pending={fields.isPending}
        failed={fields.isError}
        onRetry={() => void fields.refetch()}
      />
      {conditions.length === 0 || !editing ? (
        <EmptyConditions message={flowMessages.filterConditionRequired} error={Boolean(listError)} />
      ) : (
        <ConditionList
          label="Branch conditions"
          itemLabel={(index) => `Condition ${index + 1}`}
          items={conditions.map(({ condition }, index) => {
            const field = fieldOf(condition.filter);
            return {
              summary: conditionSummary(
                field?.display ?? condition.filter,
                field?.type,
                condition.operator,
                condition.value,
              ),
              invalid: Object.values(errorsOf(index)).some(Boolean),
            };
          })}
          selected={selected}
          onSelect={setChosen}
          onRemove={remove}
          onMove={move}
          readOnly={readOnly}
          editor={
            <ConditionRow
              key={selected}
              label={`Condition ${selected + 1}`}
              field={{
                fields: fieldList,
                value: editing.condition.filter,
                onChange: (next) => pickField(selected, next),
                error: errors.at(path(selected, 'filter')),
              }}
              operandType={editingField?.type}
              operators={operatorsFor(editingField?.type)}
              operator={editing.condition.operator}
              value={editing.condition.value}
              onOperatorChange={(operator) =>
                update(selected, {
                  operator,
                  value: valueForOperator(
                    editingField?.type,
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
      {!readOnly && <AddButton onClick={add}>Add condition</AddButton>}
    </Stack>
  );
}
