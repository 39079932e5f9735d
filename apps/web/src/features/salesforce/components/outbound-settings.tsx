import { Button, Group, Radio, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { salesforceMessages, type SalesforceConnection } from '@meridian/contracts';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-handling';
import { showSuccessToast } from '@/lib/notify';
import {
  useInclusionCandidates,
  useSaveInclusionList,
  useSaveSalesforceRecordCreate,
} from '../api/salesforce-settings';
import { SALESFORCE_TOASTS } from '../utils/salesforce-texts';

type ListKind = 'everyone' | 'static' | 'dynamic';

/**
 * Meridian to Salesforce: the inclusion list (only its people are pushed: a static list, or a
 * campaign's dynamic list) and whether people Salesforce does not have are created there.
 */
export function OutboundSettings({
  connection,
  canEdit,
}: {
  connection: SalesforceConnection;
  canEdit: boolean;
}) {
  return (
    <Stack gap="xl">
      <InclusionListForm connection={connection} canEdit={canEdit} />
      <RecordCreateSwitch connection={connection} canEdit={canEdit} />
    </Stack>
  );
}

function InclusionListForm({ connection, canEdit }: { connection: SalesforceConnection; canEdit: boolean }) {
  const saved = connection.inclusion_list;
  const [kind, setKind] = useState<ListKind>(saved?.list_type ?? 'everyone');
  const [listId, setListId] = useState<string | null>(saved?.list_id ?? null);
  const [touched, setTouched] = useState(false);
  const candidates = useInclusionCandidates(kind === 'dynamic' ? 'dynamic' : 'static');
  const save = useSaveInclusionList(connection.connection_id);
  const missingList = kind !== 'everyone' && !listId;
  return (
    <Stack gap="sm">
      <Title order={4} fz="sm">
        Inclusion list
      </Title>
      <Radio.Group
        label="Which people are written to Salesforce"
        value={kind}
        onChange={(value) => {
          setKind(value as ListKind);
          setListId(value === saved?.list_type ? saved.list_id : null);
          setTouched(false);
        }}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="everyone" label="Everyone" disabled={!canEdit} />
          <Radio value="static" label="People in a static list" disabled={!canEdit} />
          <Radio value="dynamic" label="People in a campaign's dynamic list" disabled={!canEdit} />
        </Stack>
      </Radio.Group>
      {kind !== 'everyone' ? (
        <Select
          label={kind === 'static' ? 'Static list' : 'Campaign'}
          placeholder={candidates.isPending ? 'Loading…' : 'Choose a list'}
          data={candidates.data ?? []}
          value={listId}
          onChange={setListId}
          searchable
          nothingFoundMessage="No lists found"
          disabled={!canEdit}
          error={touched && missingList ? salesforceMessages.listRequired : undefined}
          maw={360}
        />
      ) : null}
      {save.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorMessage(save.error)}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button
          disabled={!canEdit}
          loading={save.isPending}
          onClick={() => {
            setTouched(true);
            if (missingList) return;
            save.mutate(kind === 'everyone' ? null : { list_id: listId!, list_type: kind }, {
              onSuccess: () => showSuccessToast(SALESFORCE_TOASTS.inclusion),
            });
          }}
        >
          Save inclusion list
        </Button>
      </Group>
    </Stack>
  );
}

/** Creating records in Salesforce needs lead or contact sync on. */
function RecordCreateSwitch({ connection, canEdit }: { connection: SalesforceConnection; canEdit: boolean }) {
  const save = useSaveSalesforceRecordCreate(connection.connection_id);
  const syncing = connection.object_settings.lead || connection.object_settings.contact;
  return (
    <Stack gap="sm">
      <Title order={4} fz="sm">
        New people
      </Title>
      <Switch
        label="Create records in Salesforce for people it does not have yet"
        description={syncing ? undefined : 'Turn on syncing leads or contacts in General Settings first'}
        checked={connection.salesforce_record_create && syncing}
        disabled={!canEdit || !syncing || save.isPending}
        onChange={(event) =>
          save.mutate(event.currentTarget.checked, {
            onSuccess: () => showSuccessToast(SALESFORCE_TOASTS.settings),
          })
        }
      />
      {save.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorMessage(save.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
