import { Alert, Anchor, Select, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { protectedRoutes } from '@/app/routes';
import { type PickerOption, useStaticListOptions, useWebhookOptions } from '../flow-api';
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

/** No Salesforce connection can exist yet, so the step says what it needs instead of a picker. */
export function SalesforcePanel(props: StepPanelProps) {
  const error = props.errors.connection_id;
  return (
    <Stack gap="sm">
      <Alert
        icon={<IconInfoCircle size={18} />}
        color={error ? 'red' : 'blue'}
        title="A Salesforce connection is needed"
      >
        This step syncs each person to Salesforce through a connection of your organisation. Connect{' '}
        <Anchor component={Link} to={protectedRoutes.salesforce.to()}>
          Salesforce
        </Anchor>{' '}
        first; its connections then appear here.
      </Alert>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
