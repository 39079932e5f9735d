import { Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type DayRange, dayRangeError, dayRangeTimes, defaultDayRange } from '../utils/date-window';

/**
 * The date filter of the history and health tabs: what the inputs hold, and the last valid range
 * the lists read (an invalid range shows its error and keeps the previous list).
 */
export function useDayRange(onChange?: () => void) {
  const [range, setRangeValue] = useState(() => defaultDayRange());
  const [applied, setApplied] = useState(range);
  const error = dayRangeError(range);
  const setRange = (next: DayRange) => {
    setRangeValue(next);
    if (!dayRangeError(next)) {
      setApplied(next);
      onChange?.();
    }
  };
  return { range, setRange, error, times: dayRangeTimes(applied) };
}

export function DateRangeFilter({
  range,
  error,
  onChange,
}: {
  range: DayRange;
  error: string | null;
  onChange: (range: DayRange) => void;
}) {
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextInput
        size="sm"
        type="date"
        aria-label="From"
        leftSection={
          <Text size="xs" c="dimmed" component="span">
            From
          </Text>
        }
        leftSectionWidth={48}
        value={range.from}
        error={error ?? undefined}
        onChange={(event) => onChange({ ...range, from: event.currentTarget.value })}
      />
      <TextInput
        size="sm"
        type="date"
        aria-label="To"
        leftSection={
          <Text size="xs" c="dimmed" component="span">
            To
          </Text>
        }
        leftSectionWidth={36}
        value={range.to}
        error={error ? true : undefined}
        onChange={(event) => onChange({ ...range, to: event.currentTarget.value })}
      />
    </Group>
  );
}
