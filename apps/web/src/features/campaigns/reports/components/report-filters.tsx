import '@mantine/dates/styles.css';
import { Button, Group, Select } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconCalendar, IconSearch, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { type ReportPreset, reportMessages } from '@meridian/contracts';
import { useReportTemplates } from '../api/reports';
import {
  fromPickerValue,
  isValidRange,
  presetOptions,
  presetPeriod,
  type ReportPeriod,
  toPickerValue,
} from '../utils/report-presets';

const ALL_TEMPLATES = 'all';
const CUSTOM = 'custom';

export interface ReportFilterValue extends ReportPeriod {
  template_id: string | null;
  preset: ReportPreset | typeof CUSTOM;
}

/** Spec 2: the range pickers show dates like 'MMM dd, yyyy h:mm aa' (Nov 26, 2026 10:30 AM). */
const PICKER_FORMAT = 'MMM DD, YYYY h:mm A';

const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};

/**
 * The template filter and the 'Sent in' period: a preset applies at once; a custom range waits
 * for Search, which stays disabled until both dates are valid and the end is after the start.
 */
export function ReportFilters(props: {
  campaignId: string;
  value: ReportFilterValue;
  onChange(value: ReportFilterValue): void;
}) {
  const templates = useReportTemplates(props.campaignId);
  const [start, setStart] = useState(toPickerValue(props.value.start_date));
  const [end, setEnd] = useState(toPickerValue(props.value.end_date));
  const [custom, setCustom] = useState(props.value.preset === CUSTOM);
  const rangeOk = isValidRange(fromPickerValue(start), fromPickerValue(end));
  const rangeError = start && end && !rangeOk ? reportMessages.invalidRange : undefined;

  const templateOptions = [
    { value: ALL_TEMPLATES, label: 'All Templates' },
    ...(templates.data ?? []).map((t) => ({ value: t.template_id, label: t.name })),
  ];
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <Select
        label="Template"
        data={templateOptions}
        value={props.value.template_id ?? ALL_TEMPLATES}
        onChange={(value) =>
          props.onChange({ ...props.value, template_id: !value || value === ALL_TEMPLATES ? null : value })
        }
        allowDeselect={false}
        leftSection={<IconTemplate size={16} aria-hidden />}
        w={{ base: '100%', xs: 220 }}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Sent in"
        data={[...presetOptions, { value: CUSTOM, label: 'Custom range' }]}
        value={custom ? CUSTOM : props.value.preset}
        onChange={(value) => {
          if (!value) return;
          if (value === CUSTOM) return setCustom(true);
          setCustom(false);
          const preset = value as ReportPreset;
          props.onChange({ ...props.value, preset, ...presetPeriod(preset) });
        }}
        allowDeselect={false}
        leftSection={<IconCalendar size={16} aria-hidden />}
        w={{ base: '100%', xs: 200 }}
      />
      {custom ? (
        <>
          <RangePicker label="From" value={start} onChange={setStart} />
          <RangePicker label="To" value={end} onChange={setEnd} error={rangeError} />
          <Button
            mt={{ base: 0, xs: 25 }}
            leftSection={<IconSearch size={16} />}
            disabled={!rangeOk}
            onClick={() =>
              props.onChange({
                ...props.value,
                preset: CUSTOM,
                start_date: fromPickerValue(start),
                end_date: fromPickerValue(end),
              })
            }
          >
            Search
          </Button>
        </>
      ) : null}
    </Group>
  );
}

/** One end of the custom range: a calendar with a time, in the viewer's zone. */
function RangePicker(props: { label: string; value: string; onChange(value: string): void; error?: string }) {
  return (
    <DateTimePicker
      label={props.label}
      placeholder="Pick date and time"
      value={props.value || null}
      onChange={(value) => props.onChange(value ?? '')}
      valueFormat={PICKER_FORMAT}
      ariaLabels={CALENDAR_LABELS}
      timePickerProps={{
        format: '12h',
        hoursInputLabel: 'Hours',
        minutesInputLabel: 'Minutes',
        amPmInputLabel: 'AM or PM',
      }}
      submitButtonProps={{ 'aria-label': `Set ${props.label.toLowerCase()} date` }}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${props.label.toLowerCase()} date` }}
      error={props.error}
      w={{ base: '100%', xs: 230 }}
      popoverProps={{ withinPortal: true }}
    />
  );
}
