import { Group, Select } from '@mantine/core';
import type { AudienceLeaf } from '@meridian/contracts';
import { useAudienceFields } from './api';
import { useBuilder } from './builder-context';
import { OperatorAndValue } from './operator-value';
import { operatorsFor, withField } from './query-state';

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
        <OperatorAndValue
          row={item}
          onChange={onChange}
          name={name}
          operators={operatorsFor(type)}
          type={type}
          invalid={invalid}
          width={190}
        />
      ) : null}
    </Group>
  );
}
