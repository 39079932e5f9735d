import { Badge, Button, Group, Radio, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { connectionMessages, type SalesforcePersonRecord } from '@meridian/contracts';
import { IconCloud, IconEdit, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ListFailed, ListLoader } from '@/components/list-table';
import { formatDateTime } from '@/lib/format-date';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import {
  SALESFORCE_PANEL_MESSAGES as MESSAGES,
  useLatestSyncError,
  usePersonRecords,
  useRemapPerson,
  useResyncPerson,
  useSalesforceConnection,
} from '../api/salesforce-sync';
import { salesforceSyncStatus } from '../utils/salesforce-status';
import { NOT_AVAILABLE, SalesforceRecordsTable } from './salesforce-records-table';

/** The page has its own Edit, Save and Cancel (Personal Fields): these names say what they change. */
export const LABELS = {
  edit: 'Edit Salesforce mapping',
  save: 'Save Salesforce mapping',
  cancel: 'Cancel Salesforce mapping',
} as const;

export const NO_CONNECTION = 'No Salesforce connection';
export const NO_RECORDS = 'No Salesforce records';

/**
 * The contact page's Salesforce Sync tab: the person's Salesforce records, which one syncs
 * (Edit, choose by radio, Save after 'Change mapping'), Resync, and whether the last sync failed.
 * Changing the mapping and resyncing are for admins (`canEdit`).
 */
export function SalesforceSyncPanel({ email, canEdit }: { email: string; canEdit: boolean }) {
  const connection = useSalesforceConnection();
  const connected = Boolean(connection.data);
  const records = usePersonRecords(email, connected);
  const latestError = useLatestSyncError(email, connected);
  const resync = useResyncPerson(email);

  if (connection.isPending || (connected && records.isPending)) return <ListLoader />;
  // A read that failed is neither 'no connection' nor 'no records': it says so and offers to ask again.
  if (connection.isError) return <ListFailed retry={() => void connection.refetch()} />;
  if (records.isError) return <ListFailed retry={() => void records.refetch()} />;
  if (!connected) {
    return (
      <EmptyState
        icon={<IconCloud size={22} stroke={1.6} />}
        title={NO_CONNECTION}
        hint="Connect Salesforce from Data connections to see and manage the records synced with this contact."
      />
    );
  }
  const resyncButton = (
    <AdminOnly canEdit={canEdit}>
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} />}
        disabled={!canEdit}
        loading={resync.isPending}
        onClick={() =>
          resync.mutate(undefined, {
            onSuccess: () => showSuccessToast(MESSAGES.resynced),
            onError: () => showErrorToast(MESSAGES.resyncFailed),
          })
        }
      >
        Resync
      </Button>
    </AdminOnly>
  );
  const list = records.data?.records ?? [];
  if (list.length === 0) {
    return (
      <EmptyState
        icon={<IconCloud size={22} stroke={1.6} />}
        title={NO_RECORDS}
        hint="No Salesforce lead or contact is linked to this contact yet."
        action={resyncButton}
      />
    );
  }
  return (
    <RecordsView
      email={email}
      canEdit={canEdit}
      records={list}
      lastUpdated={records.data?.last_updated ?? null}
      latestError={latestError.data ?? null}
      instanceUrl={connection.data?.instance_url ?? null}
      resyncButton={resyncButton}
    />
  );
}

function RecordsView(props: {
  email: string;
  canEdit: boolean;
  records: SalesforcePersonRecord[];
  lastUpdated: string | null;
  latestError: { last_occurred: string; error_text: string } | null;
  instanceUrl: string | null;
  resyncButton: ReactNode;
}) {
  const selected = props.records.find((r) => r._is_selected)?.id ?? null;
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState<string | null>(selected);
  const remap = useRemapPerson(props.email);
  const status = salesforceSyncStatus(props.lastUpdated, props.latestError);

  const cancel = () => {
    setEditing(false);
    setChoice(selected);
  };
  const save = () => {
    const chosen = props.records.find((r) => r.id === choice);
    if (!chosen) return;
    modals.openConfirmModal({
      title: 'Change mapping',
      children: (
        <Text size="sm">
          This contact will sync with the Salesforce {chosen.crm_object} {chosen.name ?? chosen.id} from now
          on. Continue?
        </Text>
      ),
      labels: { confirm: 'Change mapping', cancel: 'Cancel' },
      onConfirm: () =>
        remap.mutate(chosen.id, {
          onSuccess: () => {
            showSuccessToast(MESSAGES.remapped);
            setEditing(false);
          },
          onError: () => showErrorToast(MESSAGES.remapFailed),
        }),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm">
          <SyncStatusBadge status={status} error={props.latestError} />
          <Text size="sm" c="dimmed">
            Last updated {props.lastUpdated ? formatDateTime(props.lastUpdated) : NOT_AVAILABLE}
          </Text>
        </Group>
        <Group gap="xs">
          {editing ? (
            <>
              <Button
                variant="default"
                onClick={cancel}
                disabled={remap.isPending}
                aria-label={LABELS.cancel}
              >
                Cancel
              </Button>
              <Button
                onClick={save}
                disabled={!choice || choice === selected}
                loading={remap.isPending}
                aria-label={LABELS.save}
              >
                Save
              </Button>
            </>
          ) : (
            <>
              {props.resyncButton}
              <AdminOnly canEdit={props.canEdit}>
                <Button
                  leftSection={<IconEdit size={16} />}
                  disabled={!props.canEdit}
                  aria-label={LABELS.edit}
                  onClick={() => {
                    setChoice(selected);
                    setEditing(true);
                  }}
                >
                  Edit
                </Button>
              </AdminOnly>
            </>
          )}
        </Group>
      </Group>
      {editing ? (
        <Radio.Group
          value={choice}
          onChange={setChoice}
          label={<VisuallyHidden>Salesforce record to sync with</VisuallyHidden>}
        >
          <SalesforceRecordsTable records={props.records} instanceUrl={props.instanceUrl} editing />
        </Radio.Group>
      ) : (
        <SalesforceRecordsTable records={props.records} instanceUrl={props.instanceUrl} editing={false} />
      )}
    </Stack>
  );
}

function SyncStatusBadge({
  status,
  error,
}: {
  status: 'Sync error' | 'Up-to-date';
  error: { last_occurred: string; error_text: string } | null;
}) {
  const id = useId();
  if (status === 'Up-to-date' || !error) {
    return (
      <Badge color="teal" variant="light">
        Up-to-date
      </Badge>
    );
  }
  const detail = `${error.error_text} (${formatDateTime(error.last_occurred)})`;
  return (
    <>
      <Tooltip
        label={detail}
        multiline
        maw={360}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
      >
        <Badge color="red" variant="light" component="button" type="button" aria-describedby={id}>
          Sync error
        </Badge>
      </Tooltip>
      <VisuallyHidden id={id}>{detail}</VisuallyHidden>
    </>
  );
}

/** Admin-only actions: for everyone else the button is disabled and this tooltip says why. */
function AdminOnly({ canEdit, children }: { canEdit: boolean; children: ReactNode }) {
  return (
    <Tooltip label={connectionMessages.adminsOnly} disabled={canEdit} withArrow>
      <span style={{ display: 'inline-block' }}>{children}</span>
    </Tooltip>
  );
}
