import '../styles';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconPlugConnected } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { protectedRoutes } from '@/app/routes';
import { EmptyState } from '@/components/empty-state';
import { PageLayout } from '@/components/layout/page-layout';
import { ListFailed, ListLoader } from '@/components/list-table';
import { ListPagination, usePageState } from '@/components/pagination';
import { useWarehouseConnections } from '../api/connections';
import { platformOf } from '../utils/platforms';

/** /sync/configuration: the warehouse connections, each leading to its sync setup. */
export function SyncConfigurationListRoute() {
  const { page, setPage } = usePageState();
  const list = useWarehouseConnections(page);
  const connections = list.isError ? [] : (list.data?.connections ?? []);
  return (
    <PageLayout title="Sync configuration" description="Pick a warehouse connection to set up what it syncs.">
      <Paper p={0}>
        {list.isPending ? (
          <ListLoader />
        ) : list.isError ? (
          <ListFailed retry={() => void list.refetch()} />
        ) : connections.length === 0 ? (
          <EmptyState
            icon={<IconPlugConnected size={22} stroke={1.6} />}
            title="No connections found"
            action={
              <Button component={Link} to={protectedRoutes.connection.to()}>
                Go to connections
              </Button>
            }
          />
        ) : (
          <Stack gap={0}>
            {connections.map((connection) => (
              <Group
                key={connection.id}
                justify="space-between"
                p="md"
                wrap="wrap"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              >
                <Stack gap={0}>
                  <Text fw={600}>{connection.label}</Text>
                  <Text size="sm" c="dimmed">
                    {platformOf(connection.typ).name} · {connection.database_name}
                  </Text>
                </Stack>
                <Button
                  component={Link}
                  to={protectedRoutes.syncConfigurationDetail.to({ id: connection.id })}
                  variant="light"
                  rightSection={<IconArrowRight size={16} />}
                  aria-label={`Set up the sync of ${connection.label}`}
                >
                  Sync setup
                </Button>
              </Group>
            ))}
            <ListPagination
              page={page}
              totalPages={list.isError ? 0 : (list.data?.page_count ?? 0)}
              onChange={setPage}
            />
          </Stack>
        )}
      </Paper>
    </PageLayout>
  );
}
