import { Group, MultiSelect, Select } from '@mantine/core';
import { membershipOperators, type AudienceLeaf } from '@meridian/contracts';
import { useAudienceFilters } from './api';
import { useBuilder } from './builder-context';
import { operatorOptions } from './labels';

export interface MembershipFilterProps {
  item: AudienceLeaf;
  onChange(item: AudienceLeaf): void;
  name: string;
  invalid: boolean;
}

const ids = (value: AudienceLeaf['value']) =>
  value.filter((v): v is string => typeof v === 'string' && v !== '');

/**
 * List membership (static lists, or campaigns that were activated or deactivated, never the one
 * being edited) and org membership (org ids): in / not in the chosen ones.
 */
export function MembershipFilter({ item, onChange, name, invalid }: MembershipFilterProps) {
  const { campaignContext, campaignId, readOnly } = useBuilder();
  const filterType = item.filter_type === 'org_membership' ? 'org_membership' : 'list_membership';
  const choices = useAudienceFilters(filterType, campaignContext, campaignId);
  const lists = filterType === 'list_membership';
  const options = (choices.data ?? [])
    .filter((choice) => !lists || choice.kind === item.filter)
    .map((choice) => ({ value: choice.value, label: choice.label }));
  const noun = lists ? (item.filter === 'campaign' ? 'campaigns' : 'static lists') : 'orgs';
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      {lists ? (
        <Select
          size="sm"
          aria-label={`Membership kind of ${name}`}
          disabled={readOnly}
          allowDeselect={false}
          data={[
            { value: 'static_list', label: 'Static list' },
            { value: 'campaign', label: 'Campaign' },
          ]}
          value={item.filter}
          // The ids of one kind mean nothing for the other.
          onChange={(kind) => kind && kind !== item.filter && onChange({ ...item, filter: kind, value: [] })}
          w={140}
        />
      ) : null}
      <Select
        size="sm"
        aria-label={`Operator of ${name}`}
        disabled={readOnly}
        allowDeselect={false}
        data={operatorOptions(membershipOperators)}
        value={item.operator || null}
        onChange={(operator) => operator && onChange({ ...item, operator })}
        w={150}
      />
      <MultiSelect
        size="sm"
        aria-label={`${lists ? 'Lists' : 'Orgs'} of ${name}`}
        placeholder={
          choices.isError
            ? 'Could not be loaded'
            : options.length === 0 && !choices.isPending
              ? `No ${noun}`
              : `Choose ${noun}`
        }
        searchable
        disabled={readOnly}
        error={invalid || undefined}
        data={options}
        value={ids(item.value)}
        onChange={(value) => onChange({ ...item, value })}
        style={{ flex: 1, minWidth: 200 }}
      />
    </Group>
  );
}
