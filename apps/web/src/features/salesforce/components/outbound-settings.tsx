import { Button, Checkbox, Group, Radio, Select, Stack, Switch, Text, Title } from '@mantine/core';
import {
  salesforceMessages,
  type SalesforceConnection,
  type SalesforcePersonObject,
} from '@meridian/contracts';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-handling';
import { showSuccessToast } from '@/lib/notify';
import {
  useInclusionCandidates,
  useSaveInclusionList,
  useSaveRecordsCreate,
  useSaveRecordsDelete,
  useSaveSalesforceRecordCreate,
  useSaveSalesforceRecordDelete,
} from '../api/salesforce-settings';
import { OBJECT_LABELS, SALESFORCE_TOASTS } from '../utils/salesforce-texts';

type ListKind = 'everyone' | 'static' | 'dynamic';

/**
 * Meridian to Salesforce: the inclusion list (only its people are pushed: a static list, or a
 * campaign's dynamic list), whether people Salesforce does not have are created there, as
 * leads or contacts, and whether deleting a person deletes their Salesforce records.
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
      <RecordCreateSettings connection={connection} canEdit={canEdit} />
      <RecordDeleteSettings connection={connection} canEdit={canEdit} />
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

/**
 * People Salesforce does not have yet are created there when switched on, as a lead or a contact
 * (leads first when both are chosen); an object can be chosen only while its sync is on.
 */
function RecordCreateSettings({
  connection,
  canEdit,
}: {
  connection: SalesforceConnection;
  canEdit: boolean;
}) {
  const saveSwitch = useSaveSalesforceRecordCreate(connection.connection_id);
  const saveObjects = useSaveRecordsCreate(connection.connection_id);
  const syncing = (object: SalesforcePersonObject) => connection.object_settings[object];
  const failure = saveSwitch.error ?? saveObjects.error;
  return (
    <Stack gap="sm">
      <Title order={4} fz="sm">
        New people
      </Title>
      <Switch
        label="Create records in Salesforce for people it does not have yet"
        checked={connection.salesforce_record_create}
        disabled={!canEdit || saveSwitch.isPending}
        onChange={(event) =>
          saveSwitch.mutate(event.currentTarget.checked, {
            onSuccess: () => showSuccessToast(SALESFORCE_TOASTS.sync),
          })
        }
      />
      {(['lead', 'contact'] as const).map((object) => (
        <Checkbox
          key={object}
          ml="xl"
          label={`Create them as ${OBJECT_LABELS[object].many}`}
          description={
            syncing(object) ? undefined : `${OBJECT_LABELS[object].many} are not synced (General Settings)`
          }
          checked={connection.records_create_settings[object] && syncing(object)}
          disabled={
            !canEdit || !connection.salesforce_record_create || !syncing(object) || saveObjects.isPending
          }
          onChange={(event) =>
            saveObjects.mutate(
              {
                lead: syncing('lead') && connection.records_create_settings.lead,
                contact: syncing('contact') && connection.records_create_settings.contact,
                [object]: event.currentTarget.checked,
              },
              { onSuccess: () => showSuccessToast(SALESFORCE_TOASTS.sync) },
            )
          }
        />
      ))}
      {failure ? (
        <Text size="sm" c="red" role="alert">
          {errorMessage(failure)}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Deleting a person here deletes their Salesforce records of the chosen objects when switched on;
 * off (or for an object not chosen), the records stay in Salesforce and are only unlinked.
 */
function RecordDeleteSettings({
  connection,
  canEdit,
}: {
  connection: SalesforceConnection;
  canEdit: boolean;
}) {
  const saveSwitch = useSaveSalesforceRecordDelete(connection.connection_id);
  const saveObjects = useSaveRecordsDelete(connection.connection_id);
  const failure = saveSwitch.error ?? saveObjects.error;
  return (
    <Stack gap="sm">
      <Title order={4} fz="sm">
        Deleted people
      </Title>
      <Switch
        label="Delete their records in Salesforce when people are deleted in Meridian"
        checked={connection.salesforce_record_delete}
        disabled={!canEdit || saveSwitch.isPending}
        onChange={(event) =>
          saveSwitch.mutate(event.currentTarget.checked, {
            onSuccess: () => showSuccessToast(SALESFORCE_TOASTS.sync),
          })
        }
      />
      {(['lead', 'contact'] as const).map((object) => (
        <Checkbox
          key={object}
          ml="xl"
          label={`Delete their ${OBJECT_LABELS[object].many}`}
          checked={connection.records_delete_settings[object]}
          disabled={!canEdit || !connection.salesforce_record_delete || saveObjects.isPending}
          onChange={(event) =>
            saveObjects.mutate(
              { ...connection.records_delete_settings, [object]: event.currentTarget.checked },
              { onSuccess: () => showSuccessToast(SALESFORCE_TOASTS.sync) },
            )
          }
        />
      ))}
      {failure ? (
        <Text size="sm" c="red" role="alert">
          {errorMessage(failure)}
        </Text>
      ) : null}
    </Stack>
  );
}
