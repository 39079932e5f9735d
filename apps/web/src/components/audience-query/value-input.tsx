import { Group, NumberInput, TagsInput, Text, TextInput } from '@mantine/core';
import {
  AUDIENCE_RANGE_OPERATORS,
  AUDIENCE_ZERO_ARGUMENT_OPERATORS,
  type AudienceLeaf,
  type PersonFieldType,
} from '@meridian/contracts';
import { isListOperator } from './query-state';

type Value = AudienceLeaf['value'];

export interface ValueInputProps {
  type: PersonFieldType | null;
  operator: string;
  value: Value;
  onChange(value: Value): void;
  /** Names the input for assistive technology, e.g. 'Value of Email'. */
  label: string;
  disabled?: boolean;
  invalid?: boolean;
}

const DAY_OPERATORS = ['in_last_days', 'not_in_last_days'];
const text = (v: Value[number] | undefined) => (v === null || v === undefined ? '' : String(v));
const dateText = (v: Value[number] | undefined) => text(v).slice(0, 10);

/** The value of a filter by its field type and operator: none, one, two (between) or a list. */
export function ValueInput({ type, operator, value, onChange, label, disabled, invalid }: ValueInputProps) {
  if (!operator || AUDIENCE_ZERO_ARGUMENT_OPERATORS.includes(operator)) return null;
  const common = { size: 'sm' as const, disabled, error: invalid || undefined };

  if (isListOperator(operator)) {
    return (
      <TagsInput
        {...common}
        aria-label={label}
        placeholder="Type a value, then Enter"
        value={value.map(text).filter((v) => v !== '')}
        onChange={(next) => onChange(type === 'integer' || type === 'float' ? next.map(numberOrText) : next)}
        style={{ flex: 1, minWidth: 200 }}
      />
    );
  }

  const single = (index: number, ariaLabel: string) => {
    if (DAY_OPERATORS.includes(operator) || type === 'integer' || type === 'float') {
      return (
        <NumberInput
          {...common}
          key={index}
          aria-label={ariaLabel}
          placeholder={DAY_OPERATORS.includes(operator) ? 'Days' : 'Number'}
          min={DAY_OPERATORS.includes(operator) ? 0 : undefined}
          allowDecimal={type === 'float' && !DAY_OPERATORS.includes(operator)}
          value={typeof value[index] === 'number' ? value[index] : text(value[index])}
          onChange={(next) => onChange(setAt(value, index, next === '' ? null : Number(next)))}
          w={140}
        />
      );
    }
    if (type === 'datetime') {
      return (
        <TextInput
          {...common}
          key={index}
          type="date"
          aria-label={ariaLabel}
          value={dateText(value[index])}
          onChange={(event) => onChange(setAt(value, index, event.currentTarget.value || null))}
          w={170}
        />
      );
    }
    return (
      <TextInput
        {...common}
        key={index}
        aria-label={ariaLabel}
        placeholder="Value"
        value={text(value[index])}
        onChange={(event) => onChange(setAt(value, index, event.currentTarget.value))}
        style={{ flex: 1, minWidth: 160 }}
      />
    );
  };

  if (AUDIENCE_RANGE_OPERATORS.includes(operator)) {
    return (
      <Group gap={6} wrap="nowrap">
        {single(0, `${label} from`)}
        <Text size="sm" c="dimmed">
          and
        </Text>
        {single(1, `${label} to`)}
      </Group>
    );
  }
  return single(0, label);
}

function setAt(value: Value, index: number, next: Value[number]): Value {
  const copy = [...value];
  while (copy.length <= index) copy.push(null);
  copy[index] = next;
  return copy;
}

const numberOrText = (v: string) => (v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);
