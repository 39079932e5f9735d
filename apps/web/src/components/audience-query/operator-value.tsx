import { Select } from '@mantine/core';
import type { AudienceLeaf, PersonFieldType } from '@meridian/contracts';
import { useBuilder } from './builder-context';
import { operatorOptions } from './labels';
import { valueForOperator } from './query-state';
import { ValueInput } from './value-input';

interface OperatorProps {
  row: AudienceLeaf;
  onChange(row: AudienceLeaf): void;
  /** The row's accessible name ('filter 1 of Engaged'). */
  name: string;
  operators: readonly string[];
  width?: number;
}

/** A row's operator; changing it keeps the value only where the new operator takes the same shape. */
export function OperatorSelect({ row, onChange, name, operators, width = 170 }: OperatorProps) {
  const { readOnly } = useBuilder();
  return (
    <Select
      size="sm"
      aria-label={`Operator of ${name}`}
      disabled={readOnly}
      allowDeselect={false}
      data={operatorOptions(operators)}
      value={row.operator || null}
      onChange={(operator) =>
        operator && onChange({ ...row, operator, value: valueForOperator(operator, row.value) })
      }
      w={width}
    />
  );
}

/** The operator and the value input of a row compared by `type`. */
export function OperatorAndValue(props: OperatorProps & { type: PersonFieldType | null; invalid: boolean }) {
  const { readOnly } = useBuilder();
  const { row, onChange, name, type, invalid } = props;
  return (
    <>
      <OperatorSelect {...props} />
      <ValueInput
        type={type}
        operator={row.operator}
        value={row.value}
        label={`Value of ${name}`}
        disabled={readOnly}
        invalid={invalid}
        onChange={(value) => onChange({ ...row, value })}
      />
    </>
  );
}
