import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconCalendar, IconSearch, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { type ReportPreset, reportMessages } from '@meridian/contracts';
import { useReportTemplates } from '../api/reports';
import { isValidRange, presetOptions, presetPeriod, type ReportPeriod } from '../utils/report-presets';

const ALL_TEMPLATES = 'all';
const CUSTOM = 'custom';

export interface ReportFilterValue extends ReportPeriod {
  template_id: string | null;
  preset: ReportPreset | typeof CUSTOM;
}

/** A datetime-local value ('2026-11-26T10:30') in the viewer's zone, or '' for none. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
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
  const [start, setStart] = useState(toLocalInput(props.value.start_date));
  const [end, setEnd] = useState(toLocalInput(props.value.end_date));
  const [custom, setCustom] = useState(props.value.preset === CUSTOM);
  const rangeOk = isValidRange(start, end);
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
          <TextInput
            type="datetime-local"
            label="From"
            value={start}
            onChange={(event) => setStart(event.currentTarget.value)}
            w={{ base: '100%', xs: 210 }}
          />
          <TextInput
            type="datetime-local"
            label="To"
            value={end}
            onChange={(event) => setEnd(event.currentTarget.value)}
            error={rangeError}
            w={{ base: '100%', xs: 210 }}
          />
          <Button
            mt={{ base: 0, xs: 25 }}
            leftSection={<IconSearch size={16} />}
            disabled={!rangeOk}
            onClick={() =>
              props.onChange({
                ...props.value,
                preset: CUSTOM,
                start_date: new Date(start).toISOString(),
                end_date: new Date(end).toISOString(),
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
