import '../styles';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import type { UnifiedConnection } from '@meridian/contracts';
import { IconAlertTriangle, IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from '@/lib/router';
import { EmptyState } from '@/components/empty-state';
import { PageLayout } from '@/components/layout/page-layout';
import { ListFailed, ListLoader } from '@/components/list-table';
import { ListPagination, usePageState } from '@/components/pagination';
import { formatDateTime } from '@/lib/format-date';
import { useUnifiedConnections } from '../api/connections';
import { AdminOnly } from '../components/admin-only';
import { NewConnectionFlow } from '../components/new-connection-flow';
import { StatusBadge } from '../components/status-badge';
import { connectionPath } from '../utils/connection-paths';
import { platformOf } from '../utils/platforms';
import { relativeTime } from '../utils/sync-times';

/** /connection: the organisation's connections as cards (spec 2 "Connection list"). */
export function ConnectionListRoute({ canEdit }: { canEdit: boolean }) {
  const { page, setPage } = usePageState();
  const connections = useUnifiedConnections(page);
  const [adding, setAdding] = useState(false);
  const records = connections.isError ? [] : (connections.data?.connections ?? []);
  const totalPages = connections.isError ? 0 : (connections.data?.page_count ?? 0);
  const addButton = (label: string) => (
    <AdminOnly canEdit={canEdit}>
      <Button leftSection={<IconPlus size={16} />} disabled={!canEdit} onClick={() => setAdding(true)}>
        {label}
      </Button>
    </AdminOnly>
  );

  return (
    <PageLayout
      title="Connections"
      description="Warehouses and other sources your contact data comes from."
      actions={addButton('New connection')}
    >
      {connections.isPending ? (
        <ListLoader />
      ) : connections.isError ? (
        <Paper p="md">
          <ListFailed retry={() => void connections.refetch()} />
        </Paper>
      ) : records.length === 0 ? (
        <Paper p="md">
          <EmptyState
            icon={<IconPlugConnected size={22} stroke={1.6} />}
            title="Let's start adding your first connection"
            hint="Connect a warehouse to sync its rows into your contacts."
            action={addButton('Add your first connection')}
          />
        </Paper>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {records.map((connection) => (
              <ConnectionCard key={connection.connection_id} connection={connection} />
            ))}
          </SimpleGrid>
          <ListPagination page={page} totalPages={totalPages} onChange={setPage} />
        </Stack>
      )}
      <NewConnectionFlow opened={adding} onClose={() => setAdding(false)} />
    </PageLayout>
  );
}

function ConnectionCard({ connection }: { connection: UnifiedConnection }) {
  const navigate = useNavigate();
  const platform = platformOf(connection.source);
  const Icon = platform.icon;
  const now = Date.now();
  return (
    <Paper p="lg" withBorder component="article" aria-label={connection.name}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <ThemeIcon size={40} radius="md" variant="light" color={platform.color}>
              <Icon size={22} aria-hidden />
            </ThemeIcon>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {connection.name}
              </Text>
              <Text size="sm" c="dimmed">
                {platform.name}
              </Text>
            </Stack>
          </Group>
          <StatusBadge connection={connection} />
        </Group>
        {connection.error ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title="Sync Paused"
          >
            <Text size="sm">
              Paused since {connection.error_time ? formatDateTime(connection.error_time) : 'the last run'}:{' '}
              {connection.error}
            </Text>
          </Alert>
        ) : null}
        <Group gap="xl">
          <Fact label="Connected tables" value={String(connection.connected_tables)} />
          <Fact label="Sync interval" value={connection.sync_interval ?? 'Not set'} />
          <Fact label="Last synced" value={relativeTime(connection.last_sync_time, now)} />
        </Group>
        <Group justify="flex-end">
          <Button variant="light" onClick={() => void navigate(connectionPath(connection))}>
            View connection details
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}
