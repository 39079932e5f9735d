import { Badge, Center, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { SyncRun } from '@meridian/contracts';
import { IconHistory } from '@tabler/icons-react';
import { ListFailed } from '@/components/list-table/list-table-state';
import { ListLoader } from '@/components/list-table';
import { ListPagination } from '@/components/pagination';
import { formatDateTime } from '@/lib/format-date';
import { formatCount, formatDuration } from '../utils/sync-times';

const RUN_STATES: Record<SyncRun['state'], { label: string; color: string }> = {
  running: { label: 'In Progress', color: 'yellow' },
  finished: { label: 'Finished', color: 'green' },
  failed: { label: 'Encountered error', color: 'red' },
};

const COLUMNS = ['Started', 'State', 'Read', 'Inserted', 'Updated', 'Failed', 'Took'];

const tookSeconds = (run: SyncRun) =>
  run.time_sync_finished
    ? (new Date(run.time_sync_finished).getTime() - new Date(run.time_sync_started).getTime()) / 1000
    : null;

/** The sync runs of the window, newest first, paged; 'No sync runs yet' when there are none. */
export function SyncRunsTable(props: {
  runs: SyncRun[];
  loading: boolean;
  failed?: boolean;
  onRetry?: () => void;
  page: number;
  totalPages: number;
  onPage: (page: number | null | undefined, totalPages: number) => void;
}) {
  return (
    <Paper p={0} component="section" aria-labelledby="sync-runs-title">
      <Stack gap={0}>
        <Title order={3} fz="md" id="sync-runs-title" p={{ base: 'md', sm: 'lg' }} pb="sm">
          Sync history
        </Title>
        {props.loading ? (
          <ListLoader />
        ) : props.failed ? (
          <ListFailed retry={() => props.onRetry?.()} />
        ) : props.runs.length === 0 ? (
          <Center py="xl">
            <Text size="sm" c="dimmed" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <IconHistory size={16} aria-hidden />
              No sync runs yet
            </Text>
          </Center>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" data-testid="sync-runs-table">
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((column, i) => (
                    <Table.Th key={column} ta={i > 1 ? 'right' : undefined}>
                      {column}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {props.runs.map((run) => {
                  const state = RUN_STATES[run.state];
                  return (
                    <Table.Tr key={run.id}>
                      <Table.Td>
                        <Text size="sm">{formatDateTime(run.time_sync_started)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="dot" color={state.color}>
                          {state.label}
                        </Badge>
                      </Table.Td>
                      <Num value={run.records_read_count} />
                      <Num value={run.records_inserted_count} />
                      <Num value={run.records_updated_count} />
                      <Num value={run.records_failed_count} />
                      <Table.Td ta="right">
                        <Text size="sm">
                          {run.state === 'running' ? '—' : formatDuration(tookSeconds(run))}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ListPagination page={props.page} totalPages={props.totalPages} onChange={props.onPage} />
      </Stack>
    </Paper>
  );
}

function Num({ value }: { value: number }) {
  return (
    <Table.Td ta="right">
      <Text size="sm">{formatCount(value)}</Text>
    </Table.Td>
  );
}
