import '../styles';
import { Alert, Button, Grid, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { connectionMessages, warehouseSyncMessages } from '@meridian/contracts';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useReducer } from 'react';
import { useNavigate, useParams } from '@/lib/router';
import { protectedRoutes } from '@/app/routes';
import { PageLayout } from '@/components/layout/page-layout';
import { ListLoader } from '@/components/list-table';
import { errorMessage } from '@/lib/error-handling';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import {
  useIntegrationConstants,
  useSourceColumns,
  useSourceTables,
  useWarehouseConnection,
} from '../api/connections';
import { useDestinationTables, useSaveSync, useSyncStructure } from '../api/syncs';
import { AdminOnly } from '../components/admin-only';
import { SchemaChooser } from '../components/schema-chooser';
import { ColumnMappingPanel } from '../sync-setup/column-mapping-panel';
import {
  defaultIntervalIndex,
  intervalOptions,
  offeredDestinations,
  offeredSources,
  syncSaveBody,
  validateSyncSetup,
} from '../sync-setup/sync-setup-rules';
import { initialSyncSetup, syncSetupReducer } from '../sync-setup/sync-setup-state';
import { LinkedTables, TablePicker } from '../sync-setup/table-picker';

/** Spec 2's confirm before a save: a saved sync cannot be changed later. */
export const SAVE_CONFIRM = {
  title: 'Syncs are not editable later',
  body: 'Once saved, the tables and the columns mapped now cannot be removed or changed. You can add new tables and new columns later.',
  cancel: 'Edit sync instead',
  confirm: 'Continue to save sync',
} as const;

/** /sync/configuration/:id (the connection id): the warehouse sync setup (spec 2). */
export function SyncConfigurationRoute({ canEdit }: { canEdit: boolean }) {
  const { id = '' } = useParams();
  const connection = useWarehouseConnection(id);
  if (connection.isPending) {
    return (
      <PageLayout title="Sync configuration">
        <ListLoader />
      </PageLayout>
    );
  }
  if (connection.isError) {
    return (
      <PageLayout title="Sync configuration">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="This connection could not be loaded"
        >
          {errorMessage(connection.error)}
        </Alert>
      </PageLayout>
    );
  }
  if (!connection.data.schema_name) {
    return (
      <PageLayout title={connection.data.label} description="Sync setup">
        <Paper p="lg" maw={560}>
          <Stack gap="md">
            <Text size="sm">{connectionMessages.schemaNotSet}</Text>
            <SchemaChooser connectionId={id} canEdit={canEdit} onDone={() => undefined} />
          </Stack>
        </Paper>
      </PageLayout>
    );
  }
  return <SyncSetup connectionId={id} name={connection.data.label} canEdit={canEdit} />;
}

function SyncSetup({
  connectionId,
  name,
  canEdit,
}: {
  connectionId: string;
  name: string;
  canEdit: boolean;
}) {
  const navigate = useNavigate();
  const constants = useIntegrationConstants();
  const structure = useSyncStructure(connectionId);
  const destinations = useDestinationTables(connectionId);
  const sources = useSourceTables(connectionId);
  const save = useSaveSync();
  const [state, dispatch] = useReducer(syncSetupReducer, initialSyncSetup);
  const defaultInterval = constants.data
    ? defaultIntervalIndex(
        constants.data.warehouse_sync_valid_intervals,
        constants.data.default_sync_interval,
      )
    : null;
  const loaded = structure.isSuccess && defaultInterval !== null;
  useEffect(() => {
    if (loaded) dispatch({ type: 'load', sync: structure.data, defaultInterval: defaultInterval });
  }, [loaded, structure.data, defaultInterval]);
  const selected = state.tables.find((t) => t.table_name === state.selected) ?? null;
  const columns = useSourceColumns(connectionId, selected?.table_name ?? null);
  const destinationList = destinations.data ?? [];
  const validation = validateSyncSetup(state, destinationList);

  const submit = () => {
    if (validation.messages.length > 0) {
      showErrorToast(validation.messages.join(', '));
      return;
    }
    modals.openConfirmModal({
      title: SAVE_CONFIRM.title,
      children: <Text size="sm">{SAVE_CONFIRM.body}</Text>,
      labels: { confirm: SAVE_CONFIRM.confirm, cancel: SAVE_CONFIRM.cancel },
      onConfirm: () =>
        save.mutate(
          { ...syncSaveBody(connectionId, state), sync_interval: state.syncInterval! },
          {
            onSuccess: () => {
              showSuccessToast(state.existing ? warehouseSyncMessages.updated : warehouseSyncMessages.saved);
              void navigate(protectedRoutes.connection.to());
            },
            onError: (error) => showErrorToast(errorMessage(error)),
          },
        ),
    });
  };

  const ready = loaded && destinations.isSuccess && sources.isSuccess;
  return (
    <PageLayout
      title={name}
      description="Choose what to sync from the warehouse, where it goes, and how often."
      actions={
        <AdminOnly canEdit={canEdit}>
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            disabled={!canEdit || !state.dirty || !ready}
            loading={save.isPending}
            onClick={submit}
          >
            Save Sync
          </Button>
        </AdminOnly>
      }
    >
      {!ready ? (
        sources.isError ? (
          <Alert color="red" variant="light" title="The warehouse tables could not be read">
            {errorMessage(sources.error)}
          </Alert>
        ) : (
          <ListLoader />
        )
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="lg">
              <Paper p={{ base: 'md', sm: 'lg' }}>
                <Stack gap="md">
                  <Title order={3} fz="md">
                    Sync Frequency
                  </Title>
                  <Select
                    label="Sync Frequency"
                    description="How often the warehouse is read for changed rows."
                    placeholder="Choose how often"
                    data={intervalOptions(constants.data!.warehouse_sync_valid_intervals)}
                    value={state.syncInterval === null ? null : String(state.syncInterval)}
                    onChange={(value) =>
                      dispatch({ type: 'setInterval', index: value === null ? null : Number(value) })
                    }
                    disabled={!canEdit}
                  />
                  <TablePicker
                    sources={offeredSources(
                      sources.data!.tables.map((t) => t.table_name),
                      state,
                    )}
                    destinations={offeredDestinations(destinationList, state)}
                    disabled={!canEdit}
                    onAdd={(source, destination) =>
                      dispatch({ type: 'addTable', table_name: source, destination_table_name: destination })
                    }
                  />
                </Stack>
              </Paper>
              <LinkedTables
                tables={state.tables}
                destinations={destinationList}
                selected={state.selected}
                problems={validation.byTable}
                canEdit={canEdit}
                onSelect={(table) => dispatch({ type: 'select', table_name: table })}
                onRemove={(table) => dispatch({ type: 'removeTable', table_name: table })}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            {selected ? (
              <ColumnMappingPanel
                key={selected.table_name}
                table={selected}
                destination={destinationList.find((d) => d.table_name === selected.destination_table_name)}
                sourceColumns={columns.data}
                problems={validation.byTable[selected.table_name]?.inline ?? []}
                canEdit={canEdit}
                dispatch={dispatch}
              />
            ) : (
              <Paper p="lg">
                <Text size="sm" c="dimmed">
                  Add a table to sync to map its columns.
                </Text>
              </Paper>
            )}
          </Grid.Col>
        </Grid>
      )}
    </PageLayout>
  );
}
