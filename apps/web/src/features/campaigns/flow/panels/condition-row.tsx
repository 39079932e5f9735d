import { Paper, Select, Stack, Text } from '@mantine/core';
import { type OperandType, operatorLabel } from './condition-operators';
import { type ConditionValue, ConditionValueInput } from './condition-value-input';
import type { PersonFieldOption } from './panel-sources';

export type ConditionPart = 'filter' | 'operator' | 'value';

export interface ConditionFieldSelect {
  fields: readonly PersonFieldOption[];
  value: string;
  onChange(field: PersonFieldOption): void;
  error?: string;
}

export interface ConditionRowProps {
  /** The condition's name for screen readers and its heading: 'Condition 1', 'Branch 2'. */
  label: string;
  /** Branch by filter picks the person field per row; token and value branches share one operand. */
  field?: ConditionFieldSelect;
  operandType: OperandType | null | undefined;
  operators: readonly string[];
  operator: string;
  value: ConditionValue;
  onOperatorChange(operator: string): void;
  onValueChange(value: ConditionValue): void;
  onBlur(part: ConditionPart): void;
  errors: Partial<Record<ConditionPart, string>>;
  readOnly: boolean;
}

const withCurrent = (data: { value: string; label: string }[], current: string) =>
  current && !data.some((item) => item.value === current)
    ? [...data, { value: current, label: current }]
    : data;

/** The inputs of one condition of a branch step: field (branch by filter only), operator and value. */
export function ConditionRow(props: ConditionRowProps) {
  const { label, field, readOnly, errors } = props;
  const fieldData = field
    ? withCurrent(
        field.fields.map((item) => ({ value: item.name, label: item.display })),
        field.value,
      )
    : [];
  const operatorData = withCurrent(
    props.operators.map((operator) => ({ value: operator, label: operatorLabel(operator) })),
    props.operator,
  );

  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {label}
        </Text>
        {field && (
          <Select
            label="Field"
            placeholder="Select a field"
            searchable
            nothingFoundMessage="No fields found"
            data={fieldData}
            value={field.value || null}
            onChange={(name) => {
              const next = field.fields.find((item) => item.name === name);
              if (next) field.onChange(next);
            }}
            onBlur={() => props.onBlur('filter')}
            error={errors.filter}
            readOnly={readOnly}
            allowDeselect={false}
          />
        )}
        <Select
          label="Operator"
          placeholder={props.operators.length === 0 ? 'Select the field first' : 'Select an operator'}
          data={operatorData}
          value={props.operator || null}
          onChange={(operator) => operator && props.onOperatorChange(operator)}
          onBlur={() => props.onBlur('operator')}
          error={errors.operator}
          readOnly={readOnly}
          disabled={!readOnly && operatorData.length === 0}
          allowDeselect={false}
        />
        <ConditionValueInput
          type={props.operandType}
          operator={props.operator}
          value={props.value}
          onChange={props.onValueChange}
          onBlur={() => props.onBlur('value')}
          error={errors.value}
          readOnly={readOnly}
        />
      </Stack>
    </Paper>
  );
}
