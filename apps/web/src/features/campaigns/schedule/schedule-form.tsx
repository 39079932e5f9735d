import {
  Chip,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type FreqOptions,
  type Schedule,
  scheduleErrors,
  type ScheduleRunConfig,
  todayIn,
  weekdayNames,
} from '@meridian/contracts';
import {
  capitalise,
  monthNames,
  monthOptionLabels,
  periodLabels,
  recurringLabels,
  runTypeLabels,
  userTimeZone,
} from './schedule-labels';

export interface ScheduleFormProps {
  schedule: Schedule | null;
  onChange(schedule: Schedule): void;
  readOnly: boolean;
  /** Show every field's message (after a failed publish, or once the user changed the form). */
  showErrors: boolean;
}

const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
const numberOrNull = (value: string | number) => (typeof value === 'number' ? value : null);

/** Spec 5 "Schedule": Now, Only once, High frequency or Recurring, dates and time in the user's zone. */
export function ScheduleForm({ schedule, onChange, readOnly, showErrors }: ScheduleFormProps) {
  const zone = userTimeZone();
  const runType = schedule?.run_type ?? null;
  const config = schedule?.run_config ?? {};
  const freq = config.freq_options ?? {};
  const errors = showErrors ? scheduleErrors(schedule, todayIn(schedule?.time_zone ?? zone, new Date())) : {};
  const error = (key: string) => errors[key] ?? null;

  // Every edit stores the zone of the user making it, as the dates and time are theirs.
  const set = (patch: Partial<Schedule>) => onChange({ ...schedule, ...patch, time_zone: zone });
  const setConfig = (patch: Partial<ScheduleRunConfig>) => set({ run_config: { ...config, ...patch } });
  const setFreq = (patch: Partial<FreqOptions>) => setConfig({ freq_options: { ...freq, ...patch } });
  const [yearMonth, yearDay] = typeof freq.date === 'string' ? freq.date.split('-') : ['', ''];
  const setYear = (month: string, day: string) =>
    setFreq({ date: month && day ? `${month}-${day.padStart(2, '0')}` : null });

  return (
    <Paper p="lg" withBorder>
      <Stack gap="md">
        <div>
          <Title order={3} fz="lg">
            Schedule this campaign
          </Title>
          <Text size="sm" c="dimmed">
            Dates and times are in your time zone ({schedule?.time_zone ?? zone}).
          </Text>
        </div>
        <Radio.Group
          label="When should this campaign run?"
          value={runType}
          onChange={(value) => set({ run_type: value, run_config: value === 'at_once' ? null : config })}
          error={error('run_type')}
          readOnly={readOnly}
        >
          <Group gap="lg" mt="xs">
            {Object.entries(runTypeLabels).map(([value, label]) => (
              <Radio key={value} value={value} label={label} disabled={readOnly} />
            ))}
          </Group>
        </Radio.Group>

        {runType && runType !== 'at_once' ? (
          <SimpleGrid cols={{ base: 1, sm: runType === 'once' ? 2 : 3 }}>
            <TextInput
              type="date"
              label="Start date"
              value={config.start_date ?? ''}
              onChange={(e) => setConfig({ start_date: e.currentTarget.value || null })}
              error={error('run_config.start_date')}
              readOnly={readOnly}
            />
            {runType !== 'once' ? (
              <TextInput
                type="date"
                label="End date"
                value={config.end_date ?? ''}
                onChange={(e) => setConfig({ end_date: e.currentTarget.value || null })}
                error={error('run_config.end_date')}
                readOnly={readOnly}
              />
            ) : null}
            <TextInput
              type="time"
              label="Campaign time"
              value={config.run_time ?? ''}
              onChange={(e) => setConfig({ run_time: e.currentTarget.value || null })}
              error={error('run_config.run_time')}
              readOnly={readOnly}
            />
          </SimpleGrid>
        ) : null}

        {runType === 'period' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              size="md"
              label="Run every"
              min={1}
              allowDecimal={false}
              value={config.unit ?? ''}
              onChange={(value) => setConfig({ unit: numberOrNull(value) })}
              error={error('run_config.unit')}
              readOnly={readOnly}
            />
            <Select
              size="md"
              label="Frequency"
              placeholder="Select a frequency"
              data={options(periodLabels)}
              value={config.frequency ?? null}
              onChange={(value) => setConfig({ frequency: value })}
              error={error('run_config.frequency')}
              readOnly={readOnly}
            />
          </SimpleGrid>
        ) : null}

        {runType === 'recurring' ? (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                size="md"
                label="Repeat every"
                placeholder="Select a frequency"
                data={options(recurringLabels)}
                value={config.frequency ?? null}
                onChange={(value) => setConfig({ frequency: value, freq_options: { unit: freq.unit ?? 1 } })}
                error={error('run_config.frequency')}
                readOnly={readOnly}
              />
              <NumberInput
                size="md"
                label={`Number of ${(recurringLabels[config.frequency ?? ''] ?? 'period').toLowerCase()}s`}
                min={1}
                allowDecimal={false}
                value={freq.unit ?? ''}
                onChange={(value) => setFreq({ unit: numberOrNull(value) })}
                error={error('run_config.freq_options.unit')}
                readOnly={readOnly}
              />
            </SimpleGrid>
            {config.frequency === 'week' ? (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="schedule-days">
                  On these days
                </Text>
                <Chip.Group multiple value={freq.day ?? []} onChange={(day) => !readOnly && setFreq({ day })}>
                  <Group gap="xs" role="group" aria-labelledby="schedule-days">
                    {weekdayNames.map((day) => (
                      <Chip key={day} value={day} size="sm" disabled={readOnly}>
                        {capitalise(day)}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
                {error('run_config.freq_options.day') ? (
                  <Text size="xs" c="red" role="alert">
                    {error('run_config.freq_options.day')}
                  </Text>
                ) : null}
              </Stack>
            ) : null}
            {config.frequency === 'month' ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  size="md"
                  label="Day of the month"
                  placeholder="Select an option"
                  data={options(monthOptionLabels)}
                  value={freq.date_string ?? null}
                  onChange={(value) =>
                    setFreq({ date_string: value, date: value === 'custom' ? freq.date : null })
                  }
                  error={error('run_config.freq_options.date_string')}
                  readOnly={readOnly}
                />
                {freq.date_string === 'custom' ? (
                  <NumberInput
                    size="md"
                    label="Day"
                    min={1}
                    max={31}
                    allowDecimal={false}
                    value={typeof freq.date === 'number' ? freq.date : ''}
                    onChange={(value) => setFreq({ date: numberOrNull(value) })}
                    error={error('run_config.freq_options.date')}
                    readOnly={readOnly}
                  />
                ) : null}
              </SimpleGrid>
            ) : null}
            {config.frequency === 'year' ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  size="md"
                  label="Month"
                  placeholder="Select a month"
                  data={monthNames.map((label, i) => ({ value: String(i + 1).padStart(2, '0'), label }))}
                  value={yearMonth || null}
                  onChange={(value) => setYear(value ?? '', yearDay || '1')}
                  error={error('run_config.freq_options.date')}
                  readOnly={readOnly}
                />
                <NumberInput
                  size="md"
                  label="Day"
                  min={1}
                  max={31}
                  allowDecimal={false}
                  value={yearDay ? Number(yearDay) : ''}
                  onChange={(value) => setYear(yearMonth || '01', value === '' ? '' : String(value))}
                  readOnly={readOnly}
                />
              </SimpleGrid>
            ) : null}
          </Stack>
        ) : null}
        {error('time_zone') ? (
          <Text size="xs" c="red" role="alert">
            {error('time_zone')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
