import { Group, MultiSelect, NumberInput, Select, TagsInput, Text } from '@mantine/core';
import {
  frequencyOperators,
  membershipOperators,
  timeFrameOperators,
  type AudienceLeaf,
} from '@meridian/contracts';
import { useCampaignChoices, useEventProperties, useTemplateChoices } from './api';
import { useBuilder } from './builder-context';
import { operatorOptions, rowLabels } from './labels';
import { operatorsFor, valueForOperator } from './query-state';
import { ValueInput } from './value-input';

export interface ActivityRowProps {
  row: AudienceLeaf;
  /** The group's event: property rows list its properties. */
  event: string;
  onChange(row: AudienceLeaf): void;
  /** A campaign row's ids change: the group's template rows reset with them. */
  onCampaignsChange(ids: string[]): void;
  name: string;
  invalid: boolean;
}

const strings = (value: AudienceLeaf['value']) =>
  value.filter((v): v is string => typeof v === 'string' && v !== '');

/** One row of an activity group: a property, the frequency, the time frame, or a marketing filter. */
export function ActivityRow({ row, event, onChange, onCampaignsChange, name, invalid }: ActivityRowProps) {
  const { readOnly } = useBuilder();
  const kind = row.filter as keyof typeof rowLabels;
  const operatorSelect = (operators: readonly string[], width = 170) => (
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
  const label = (
    <Text size="sm" fw={500} w={96} pt={6}>
      {rowLabels[kind] ?? row.filter}
    </Text>
  );

  if (kind === 'property') return <PropertyRow {...{ row, event, onChange, name, invalid, label }} />;
  if (kind === 'frequency') {
    return (
      <Group gap="xs" align="flex-start" wrap="wrap">
        {label}
        {operatorSelect(frequencyOperators, 130)}
        <NumberInput
          size="sm"
          aria-label={`Times of ${name}`}
          min={0}
          allowDecimal={false}
          disabled={readOnly}
          error={invalid || undefined}
          value={typeof row.value[0] === 'number' ? row.value[0] : ''}
          onChange={(next) => onChange({ ...row, value: next === '' ? [] : [Number(next)] })}
          w={100}
        />
        <Text size="sm" c="dimmed" pt={6}>
          times
        </Text>
      </Group>
    );
  }
  if (kind === 'time_frame') {
    return (
      <Group gap="xs" align="flex-start" wrap="wrap">
        {label}
        {operatorSelect(timeFrameOperators)}
        <ValueInput
          type="datetime"
          operator={row.operator}
          value={row.value}
          label={`Value of ${name}`}
          disabled={readOnly}
          invalid={invalid}
          onChange={(value) => onChange({ ...row, value })}
        />
      </Group>
    );
  }
  if (kind === 'link_clicked') {
    return (
      <Group gap="xs" align="flex-start" wrap="wrap">
        {label}
        {operatorSelect(membershipOperators, 150)}
        <TagsInput
          size="sm"
          aria-label={`Links of ${name}`}
          placeholder="Paste a link, then Enter"
          disabled={readOnly}
          error={invalid || undefined}
          value={strings(row.value)}
          onChange={(value) => onChange({ ...row, value })}
          style={{ flex: 1, minWidth: 200 }}
        />
      </Group>
    );
  }
  return <ChoiceRow {...{ row, onChange, onCampaignsChange, name, invalid, label, operatorSelect }} />;
}

function ChoiceRow(props: {
  row: AudienceLeaf;
  onChange(row: AudienceLeaf): void;
  onCampaignsChange(ids: string[]): void;
  name: string;
  invalid: boolean;
  label: React.ReactNode;
  operatorSelect(operators: readonly string[], width?: number): React.ReactNode;
}) {
  const { row, onChange, onCampaignsChange, name, invalid, label, operatorSelect } = props;
  const { readOnly } = useBuilder();
  const campaigns = useCampaignChoices(row.filter === 'campaign');
  const templates = useTemplateChoices(row.filter === 'template');
  const choices = row.filter === 'campaign' ? campaigns : templates;
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      {label}
      {operatorSelect(membershipOperators, 150)}
      <MultiSelect
        size="sm"
        aria-label={`${row.filter === 'campaign' ? 'Campaigns' : 'Templates'} of ${name}`}
        placeholder={choices.isError ? 'Could not be loaded' : 'Choose'}
        searchable
        disabled={readOnly}
        error={invalid || undefined}
        data={choices.data ?? []}
        value={strings(row.value)}
        onChange={(value) =>
          row.filter === 'campaign' ? onCampaignsChange(value) : onChange({ ...row, value })
        }
        style={{ flex: 1, minWidth: 200 }}
      />
    </Group>
  );
}

function PropertyRow(props: {
  row: AudienceLeaf;
  event: string;
  onChange(row: AudienceLeaf): void;
  name: string;
  invalid: boolean;
  label: React.ReactNode;
}) {
  const { row, event, onChange, name, invalid, label } = props;
  const { readOnly } = useBuilder();
  const properties = useEventProperties(event);
  const type = properties.data?.find((p) => p.name === row.property)?.type ?? null;
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      {label}
      <Select
        size="sm"
        aria-label={`Property of ${name}`}
        placeholder={properties.isError ? 'Could not be loaded' : 'Choose a property'}
        searchable
        disabled={readOnly}
        error={invalid && !row.property ? true : undefined}
        data={(properties.data ?? []).map((p) => p.name)}
        value={row.property || null}
        onChange={(property) => {
          const chosen = properties.data?.find((p) => p.name === property);
          if (!chosen) return;
          const operator = operatorsFor(chosen.type)[0] ?? '';
          onChange({ ...row, property: chosen.name, operator, value: valueForOperator(operator, []) });
        }}
        w={180}
      />
      {row.property ? (
        <>
          <Select
            size="sm"
            aria-label={`Operator of ${name}`}
            disabled={readOnly}
            allowDeselect={false}
            data={operatorOptions(operatorsFor(type))}
            value={row.operator || null}
            onChange={(operator) =>
              operator && onChange({ ...row, operator, value: valueForOperator(operator, row.value) })
            }
            w={170}
          />
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
      ) : null}
    </Group>
  );
}
