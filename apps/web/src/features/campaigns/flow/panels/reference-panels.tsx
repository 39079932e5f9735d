import { Alert, Anchor, Select, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { protectedRoutes } from '@/app/routes';
import { flowMessages } from '@meridian/contracts';
import {
  type PickerOption,
  useSalesforceConnectionOptions,
  useStaticListOptions,
  useWebhookOptions,
} from '../flow-api';
import { optionFields } from './option-fields';
import type { StepPanelProps } from './types';

interface ReferenceSelectProps extends StepPanelProps {
  field: string;
  label: string;
  query: UseQueryResult<PickerOption[]>;
  empty: string;
  hint: string;
}

/** A step that names one asset of the organisation: the picker with its loading and empty states. */
function ReferenceSelect({ field, label, query, empty, hint, ...props }: ReferenceSelectProps) {
  const f = optionFields(props);
  const options = query.data ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
      <Select
        label={label}
        placeholder={query.isPending ? 'Loading…' : `Select ${label.toLowerCase()}`}
        data={options}
        value={f.text(field) || null}
        onChange={(value) => f.set(field, value ?? '')}
        searchable
        nothingFoundMessage={empty}
        disabled={query.isPending}
        error={f.error(field) ?? (query.isError ? 'Could not load the options' : undefined)}
      />
      {query.isSuccess && options.length === 0 ? (
        <Text size="xs" c="dimmed">
          {empty}
        </Text>
      ) : null}
    </Stack>
  );
}

export function WebhookPanel(props: StepPanelProps) {
  return (
    <ReferenceSelect
      {...props}
      field="webhook_id"
      label="Webhook"
      query={useWebhookOptions()}
      empty="No webhooks yet: add one on the Webhooks page."
      hint="Calls the webhook for each person who reaches this step."
    />
  );
}

export function StaticListPanel(props: StepPanelProps) {
  const adding = props.node.action_type === 'add_to_static_list';
  return (
    <ReferenceSelect
      {...props}
      field="static_list_id"
      label="Static list"
      query={useStaticListOptions()}
      empty="No static lists yet: create one under Static lists."
      hint={
        adding
          ? 'Adds each person who reaches this step to the list.'
          : 'Removes each person who reaches this step from the list.'
      }
    />
  );
}

/** Sync to Salesforce: the organisation's connection; without one, where to make it. */
export function SalesforcePanel(props: StepPanelProps) {
  const query = useSalesforceConnectionOptions();
  const chosen = typeof props.options.connection_id === 'string' ? props.options.connection_id : '';
  const options = query.data ?? [];
  // A step naming a connection that was disconnected since must be chosen again.
  const gone = query.isSuccess && chosen !== '' && !options.some((option) => option.value === chosen);
  return (
    <Stack gap="sm">
      <ReferenceSelect
        {...props}
        options={gone ? { ...props.options, connection_id: '' } : props.options}
        errors={gone ? { connection_id: flowMessages.salesforceRequired } : props.errors}
        field="connection_id"
        label="Salesforce connection"
        query={query}
        empty="No Salesforce connection yet."
        hint="Syncs each person who reaches this step to Salesforce through this connection."
      />
      {query.isSuccess && options.length === 0 ? (
        <Alert icon={<IconInfoCircle size={18} />} color="blue" title="A Salesforce connection is needed">
          Connect{' '}
          <Anchor component={Link} to={protectedRoutes.salesforce.to()}>
            Salesforce
          </Anchor>{' '}
          first; its connection then appears here.
        </Alert>
      ) : null}
    </Stack>
  );
}
