import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { delayUnitSchema } from '@meridian/contracts';
import { optionFields } from './option-fields';
import type { StepPanelProps } from './types';

const units = delayUnitSchema.options.map((unit) => ({
  value: unit,
  label: unit[0].toUpperCase() + unit.slice(1),
}));

/** Digits are stored as the number the spec's delay_value is; anything else as typed, to be refused. */
const delayValueOf = (typed: string): number | string => {
  const text = typed.trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : text;
};

/** Delay: a whole number and a unit (spec 9: days, hours, minutes). */
export function DelayPanel(props: StepPanelProps) {
  const f = optionFields(props);
  const value = props.options.delay_value;
  const error = f.error('delay_value') ?? f.error('delay_unit');
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        People wait here before the next step.
      </Text>
      <Group align="flex-start" grow wrap="nowrap">
        <TextInput
          label="Wait for"
          inputMode="numeric"
          value={value === undefined || value === null ? '' : String(value)}
          onChange={(event) => f.set('delay_value', delayValueOf(event.currentTarget.value))}
          error={error}
        />
        <Select
          label="Unit"
          data={units}
          value={f.text('delay_unit') || null}
          onChange={(unit) => f.set('delay_unit', unit ?? undefined)}
          allowDeselect={false}
          error={error ? true : undefined}
        />
      </Group>
    </Stack>
  );
}
