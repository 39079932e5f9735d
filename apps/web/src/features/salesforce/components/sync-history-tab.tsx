import { Group, Paper, Stack, Switch, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ListFailed, ListLoader } from '@/components/list-table';
import { ListPagination, usePageState } from '@/components/pagination';
import { useHistoryDetails, useSyncRuns } from '../api/sync-history';
import { DateRangeFilter, useDayRange } from './date-range-filter';
import { HistoryDetailsCard } from './history-details-card';
import { SyncRunsTable } from './sync-runs-table';

/** Spec 2: the history's empty text. */
export const NO_SYNC_HISTORY = 'No sync history found';

/**
 * The Salesforce page's Sync history tab: the details card, then the runs of the date window
 * (default the last 7 days), empty runs hidden unless the toggle is off, paged.
 */
export function SyncHistoryTab({ connectionId }: { connectionId: string }) {
  const { page, setPage, resetPage } = usePageState();
  const [hideEmpty, setHideEmpty] = useState(true);
  const { range, setRange, error, times } = useDayRange(resetPage);
  const details = useHistoryDetails(connectionId);
  const runs = useSyncRuns(connectionId, {
    should_include_empty_runs: !hideEmpty,
    ...times,
    page_number: page,
  });
  const records = runs.isError ? [] : (runs.data?.runs ?? []);
  const totalPages = runs.isError ? 0 : (runs.data?.page_count ?? 0);
  return (
    <Stack gap="lg">
      <HistoryDetailsCard details={details.data} loading={details.isPending} />
      <Paper p={0} component="section" aria-labelledby="sf-history-title">
        <Group justify="space-between" align="flex-start" p={{ base: 'md', sm: 'lg' }} pb="sm" gap="sm">
          <Title order={3} fz="md" id="sf-history-title">
            Sync history
          </Title>
          <Group gap="md" align="center" wrap="wrap">
            <Switch
              label="Hide empty runs"
              checked={hideEmpty}
              onChange={(event) => {
                setHideEmpty(event.currentTarget.checked);
                resetPage();
              }}
            />
            <DateRangeFilter range={range} error={error} onChange={setRange} />
          </Group>
        </Group>
        {runs.isPending ? (
          <ListLoader />
        ) : runs.isError ? (
          <ListFailed retry={() => void runs.refetch()} />
        ) : records.length === 0 ? (
          <EmptyState icon={<IconHistory size={22} stroke={1.6} />} title={NO_SYNC_HISTORY} />
        ) : (
          <SyncRunsTable runs={records} />
        )}
        <ListPagination page={page} totalPages={totalPages} onChange={setPage} />
      </Paper>
    </Stack>
  );
}
