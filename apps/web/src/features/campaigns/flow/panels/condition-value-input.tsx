import { Group, NumberInput, TagsInput, TextInput } from '@mantine/core';
import { type OperandType, valueKindOf } from './condition-operators';

export type ConditionValue = (string | number | boolean | null)[];

export interface ConditionValueInputProps {
  type: OperandType | null | undefined;
  operator: string;
  value: ConditionValue;
  onChange(value: ConditionValue): void;
  onBlur(): void;
  error?: string;
  readOnly?: boolean;
}

const isNumeric = (type: OperandType | null | undefined) => type === 'integer' || type === 'float';

/** A number input's value as stored: numbers stay numbers; a half-typed '-' stays text until it is one. */
const fromNumberInput = (next: number | string): string | number | null => (next === '' ? null : next);

const asText = (item: unknown) => (item === null || item === undefined ? '' : String(item));

/** The value input of a branch condition, by the operand's type and the operator (spec 3: a list). */
export function ConditionValueInput({
  type,
  operator,
  value,
  onChange,
  onBlur,
  error,
  readOnly,
}: ConditionValueInputProps) {
  const kind = valueKindOf(type, operator);
  const first = value[0];
  switch (kind) {
    case 'none':
      return null;
    case 'text':
      return (
        <TextInput
          size="sm"
          label="Value"
          placeholder="Enter a value"
          value={asText(first)}
          onChange={(event) => onChange([event.currentTarget.value])}
          onBlur={onBlur}
          error={error}
          readOnly={readOnly}
        />
      );
    case 'number':
    case 'days':
      return (
        <NumberInput
          label={kind === 'days' ? 'Days' : 'Value'}
          placeholder={kind === 'days' ? 'Number of days' : 'Enter a number'}
          min={kind === 'days' ? 1 : undefined}
          allowDecimal={kind !== 'days' && type !== 'integer'}
          value={typeof first === 'number' || typeof first === 'string' ? first : ''}
          onChange={(next) => {
            const stored = fromNumberInput(next);
            onChange(stored === null ? [] : [stored]);
          }}
          onBlur={onBlur}
          error={error}
          readOnly={readOnly}
        />
      );
    case 'date':
      return (
        <TextInput
          size="sm"
          type="date"
          label="Date"
          value={asText(first)}
          onChange={(event) => onChange([event.currentTarget.value])}
          onBlur={onBlur}
          error={error}
          readOnly={readOnly}
        />
      );
    case 'list':
      return (
        <TagsInput
          label="Values"
          placeholder="Type a value, then Enter"
          value={value.map(asText).filter((item) => item !== '')}
          onChange={(items) =>
            onChange(
              isNumeric(type)
                ? items.map((item) => (Number.isFinite(Number(item)) ? Number(item) : item))
                : items,
            )
          }
          onBlur={onBlur}
          error={error}
          readOnly={readOnly}
          clearable
        />
      );
    case 'range':
      return <RangeInput {...{ type, value, onChange, onBlur, error, readOnly }} />;
  }
}

function RangeInput({
  type,
  value,
  onChange,
  onBlur,
  error,
  readOnly,
}: Omit<ConditionValueInputProps, 'operator'>) {
  const [from = null, to = null] = value;
  const set = (index: 0 | 1, next: string | number | null) => {
    const pair: ConditionValue = [from, to];
    pair[index] = next === '' ? null : next;
    onChange(pair);
  };
  if (isNumeric(type)) {
    const shown = (item: unknown) => (typeof item === 'number' || typeof item === 'string' ? item : '');
    return (
      <Group grow align="flex-start" gap="xs">
        <NumberInput
          label="From"
          value={shown(from)}
          onChange={(next) => set(0, fromNumberInput(next))}
          onBlur={onBlur}
          error={error}
          readOnly={readOnly}
        />
        <NumberInput
          label="To"
          value={shown(to)}
          onChange={(next) => set(1, fromNumberInput(next))}
          onBlur={onBlur}
          error={Boolean(error)}
          readOnly={readOnly}
        />
      </Group>
    );
  }
  return (
    <Group grow align="flex-start" gap="xs">
      <TextInput
        size="sm"
        type="date"
        label="From"
        value={asText(from)}
        onChange={(event) => set(0, event.currentTarget.value)}
        onBlur={onBlur}
        error={error}
        readOnly={readOnly}
      />
      <TextInput
        size="sm"
        type="date"
        label="To"
        value={asText(to)}
        onChange={(event) => set(1, event.currentTarget.value)}
        onBlur={onBlur}
        error={Boolean(error)}
        readOnly={readOnly}
      />
    </Group>
  );
}
