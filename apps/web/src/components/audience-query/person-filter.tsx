import { Group, Select } from '@mantine/core';
import type { AudienceLeaf } from '@meridian/contracts';
import { useAudienceFields } from './api';
import { useBuilder } from './builder-context';
import { operatorOptions } from './labels';
import { operatorsFor, valueForOperator, withField } from './query-state';
import { ValueInput } from './value-input';

export interface PersonFilterProps {
  item: AudienceLeaf;
  onChange(item: AudienceLeaf): void;
  name: string;
  invalid: boolean;
}

/** A person field compared with a value: field (table/description), operator by type, value by type. */
export function PersonFilter({ item, onChange, name, invalid }: PersonFilterProps) {
  const { campaignContext, readOnly } = useBuilder();
  const fields = useAudienceFields(campaignContext);
  const field = fields.data?.find((f) => f.name === item.filter);
  const type = field?.type ?? null;
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <Select
        size="sm"
        aria-label={`Field of ${name}`}
        placeholder={fields.isError ? 'Fields could not be loaded' : 'Choose a field'}
        searchable
        disabled={readOnly}
        error={invalid && !item.filter ? true : undefined}
        data={(fields.data ?? []).map((f) => ({ value: f.name, label: f.display }))}
        value={item.filter || null}
        onChange={(next) => {
          const chosen = fields.data?.find((f) => f.name === next);
          if (chosen) onChange(withField(item, chosen.name, chosen.type));
        }}
        w={200}
      />
      {item.filter ? (
        <Select
          size="sm"
          aria-label={`Operator of ${name}`}
          disabled={readOnly}
          allowDeselect={false}
          data={operatorOptions(operatorsFor(type))}
          value={item.operator || null}
          onChange={(operator) =>
            operator && onChange({ ...item, operator, value: valueForOperator(operator, item.value) })
          }
          w={190}
        />
      ) : null}
      {item.filter ? (
        <ValueInput
          type={type}
          operator={item.operator}
          value={item.value}
          label={`Value of ${name}`}
          disabled={readOnly}
          invalid={invalid}
          onChange={(value) => onChange({ ...item, value })}
        />
      ) : null}
    </Group>
  );
}
