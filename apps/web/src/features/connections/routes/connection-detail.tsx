import '../styles';
import { Alert, Button, Grid, Group, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from '@/lib/router';
import { protectedRoutes } from '@/app/routes';
import { PageLayout } from '@/components/layout/page-layout';
import { ListLoader } from '@/components/list-table';
import { usePageState } from '@/components/pagination';
import { errorMessage } from '@/lib/error-handling';
import { showSuccessToast } from '@/lib/notify';
import { useIntegrationConstants, useWarehouseConnection } from '../api/connections';
import { useSyncRuns, useSyncSummary, useToggleSync } from '../api/syncs';
import { ActivityLogTab } from '../components/activity-log-tab';
import { ConnectionDetailsTab } from '../components/connection-details-tab';
import { SyncActivityChart, SyncErrors } from '../components/sync-activity';
import { SyncDetailsCard } from '../components/sync-details-card';
import { SyncRunsTable } from '../components/sync-runs-table';
import { platformOf } from '../utils/platforms';
import { HISTORY_WINDOW_DAYS, lastDays } from '../utils/sync-times';

/** Spec 8 toasts, word for word. */
export const SYNC_TOGGLED = {
  paused: 'Sync Successfully Paused',
  resumed: 'Sync Successfully Resumed',
} as const;

/** The chart and error list read every run of the window in one page. */
const WINDOW_PAGE_SIZE = 500;
/** Spec 9: the Sync Errors card shows the last 24 hours. */
const ERROR_CARD_WINDOW_MS = 24 * 3600 * 1000;

/** /connection/:id: tabs Sync history, Connection details, Activity log (spec 2). */
export function ConnectionDetailRoute({ canEdit }: { canEdit: boolean }) {
  const { id = '' } = useParams();
  const connection = useWarehouseConnection(id);
  const constants = useIntegrationConstants();
  if (connection.isPending) {
    return (
      <PageLayout title="Connection">
        <ListLoader />
      </PageLayout>
    );
  }
  if (connection.isError) {
    return (
      <PageLayout title="Connection">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="This connection could not be loaded"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage(connection.error)}</Text>
            <Button
              component={Link}
              to={protectedRoutes.connection.to()}
              size="xs"
              variant="white"
              color="red"
            >
              Back to connections
            </Button>
          </Stack>
        </Alert>
      </PageLayout>
    );
  }
  const data = connection.data;
  const platform = platformOf(data.typ);
  const Icon = platform.icon;
  const service = constants.data?.warehouse_types.find((s) => s.client_id === data.typ);
  return (
    <PageLayout
      title={data.label}
      description={
        <Group gap={6} component="span">
          <ThemeIcon size={20} radius="sm" variant="light" color={platform.color} component="span">
            <Icon size={14} aria-hidden />
          </ThemeIcon>
          <span>
            {platform.name} · {data.database_name}
            {data.schema_name ? `.${data.schema_name}` : ''}
          </span>
        </Group>
      }
      actions={
        <Button
          component={Link}
          to={protectedRoutes.connection.to()}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
        >
          All connections
        </Button>
      }
    >
      <Tabs defaultValue="history" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="history">Sync history</Tabs.Tab>
          <Tabs.Tab value="details">Connection details</Tabs.Tab>
          <Tabs.Tab value="activity">Activity log</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="history" pt="lg">
          <SyncHistoryTab connectionId={id} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="details" pt="lg">
          <ConnectionDetailsTab connection={data} service={service} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="activity" pt="lg">
          <ActivityLogTab connectionId={id} />
        </Tabs.Panel>
      </Tabs>
    </PageLayout>
  );
}

function SyncHistoryTab({ connectionId, canEdit }: { connectionId: string; canEdit: boolean }) {
  const navigate = useNavigate();
  // The window starts when the tab opens and reaches up to each read, so new runs show.
  const [window] = useState(() => lastDays(HISTORY_WINDOW_DAYS, Date.now()));
  const [now] = useState(() => Date.now());
  const { page, setPage } = usePageState();
  const summary = useSyncSummary(connectionId);
  const runs = useSyncRuns(connectionId, { page_number: page, ...window });
  const allRuns = useSyncRuns(connectionId, { page_number: 1, page_size: WINDOW_PAGE_SIZE, ...window });
  const toggle = useToggleSync(connectionId);
  const windowRuns = allRuns.data?.records ?? [];
  return (
    <Stack gap="lg">
      <SyncDetailsCard
        summary={summary.data}
        loading={summary.isPending}
        failed={summary.isError}
        refreshing={summary.isFetching && !summary.isPending}
        canEdit={canEdit}
        toggling={toggle.isPending}
        onToggle={(enable) =>
          toggle.mutate(enable, {
            onSuccess: () => showSuccessToast(enable ? SYNC_TOGGLED.resumed : SYNC_TOGGLED.paused),
          })
        }
        onEditSync={() => void navigate(protectedRoutes.syncConfigurationDetail.to({ id: connectionId }))}
        onRefresh={() => {
          void summary.refetch();
          void runs.refetch();
          void allRuns.refetch();
        }}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <SyncActivityChart
            runs={windowRuns}
            loading={allRuns.isPending}
            failed={allRuns.isError}
            onRetry={() => void allRuns.refetch()}
            now={now}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <SyncErrors
            runs={windowRuns}
            loading={allRuns.isPending}
            failed={allRuns.isError}
            onRetry={() => void allRuns.refetch()}
            since={now - ERROR_CARD_WINDOW_MS}
          />
        </Grid.Col>
      </Grid>
      <SyncRunsTable
        runs={runs.data?.records ?? []}
        loading={runs.isPending}
        failed={runs.isError}
        onRetry={() => void runs.refetch()}
        page={page}
        totalPages={runs.data?.page_count ?? 0}
        onPage={setPage}
      />
    </Stack>
  );
}
