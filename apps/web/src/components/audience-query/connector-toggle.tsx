import { SegmentedControl } from '@mantine/core';
import type { AudienceConnector } from '@meridian/contracts';

export interface ConnectorToggleProps {
  value: AudienceConnector;
  onChange(value: AudienceConnector): void;
  /** Says what the gate joins, e.g. 'Logic gate before Group 2'. */
  label: string;
  disabled?: boolean;
}

/** The AND / OR logic gate between two items; a blank connector reads as AND. */
export function ConnectorToggle({ value, onChange, label, disabled }: ConnectorToggleProps) {
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      aria-label={label}
      disabled={disabled}
      value={value === 'or' ? 'or' : 'and'}
      onChange={(next) => onChange(next === 'or' ? 'or' : 'and')}
      data={[
        { value: 'and', label: 'AND' },
        { value: 'or', label: 'OR' },
      ]}
    />
  );
}
