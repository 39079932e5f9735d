import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Center, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { SyncRun } from '@meridian/contracts';
import { IconChecks } from '@tabler/icons-react';
import { formatDateTime } from '@/lib/format-date';
import { activityByDay, failedRuns } from '../utils/sync-activity';
import { formatCount, HISTORY_WINDOW_DAYS } from '../utils/sync-times';
import { ListFailed } from '@/components/list-table/list-table-state';
import { ErrorBox } from './error-box';

/** 'Sync Activity': records synced per day of the last 7 days (spec 9 window). */
export function SyncActivityChart({
  runs,
  loading,
  now,
  failed = false,
  onRetry,
}: {
  runs: SyncRun[];
  loading: boolean;
  now: number;
  failed?: boolean;
  onRetry?: () => void;
}) {
  const data = activityByDay(runs, now, HISTORY_WINDOW_DAYS);
  const total = data.reduce((sum, day) => sum + day.synced, 0);
  return (
    <Paper p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="sync-activity-title">
      <Stack gap="md">
        <Title order={3} fz="md" id="sync-activity-title">
          Sync Activity
        </Title>
        {loading ? (
          <Skeleton height={200} radius="md" />
        ) : failed ? (
          <ListFailed retry={() => onRetry?.()} />
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {formatCount(total)} records synced in the last {HISTORY_WINDOW_DAYS} days
            </Text>
            {/* The chart is the picture; the list below carries the numbers for screen readers. */}
            <Box aria-hidden>
              <BarChart
                h={200}
                data={data}
                dataKey="day"
                series={[
                  { name: 'synced', label: 'Records synced', color: 'meridian.6' },
                  { name: 'failed', label: 'Records failed', color: 'red.6' },
                ]}
                type="stacked"
                withLegend
                valueFormatter={formatCount}
                barProps={{ isAnimationActive: false }}
                accessibilityLayer={false}
              />
            </Box>
            <VisuallyHidden>
              <ul>
                {data.map((day) => (
                  <li key={day.day}>
                    {day.day}: {formatCount(day.synced)} records synced, {formatCount(day.failed)} failed
                  </li>
                ))}
              </ul>
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * 'Sync Errors': the runs that ended in an error since `since` (spec 9: the last 24 hours on the
 * card), each with Copy error.
 */
export function SyncErrors({
  runs,
  loading,
  since,
  failed = false,
  onRetry,
}: {
  runs: SyncRun[];
  loading: boolean;
  since: number;
  failed?: boolean;
  onRetry?: () => void;
}) {
  const errors = failedRuns(runs).filter(
    (run) => Date.parse(run.error_time ?? run.time_sync_started) >= since,
  );
  return (
    <Paper p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="sync-errors-title">
      <Stack gap="md">
        <Title order={3} fz="md" id="sync-errors-title">
          Sync Errors
        </Title>
        <Text size="xs" c="dimmed" mt={-8}>
          Last 24 hours
        </Text>
        {loading ? (
          <Skeleton height={60} radius="md" />
        ) : failed ? (
          <ListFailed retry={() => onRetry?.()} />
        ) : errors.length === 0 ? (
          <Center py="md">
            <Text size="sm" c="dimmed" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <IconChecks size={16} aria-hidden />
              No errors found
            </Text>
          </Center>
        ) : (
          errors.map((run) => (
            <ErrorBox
              key={run.id}
              title="Encountered error"
              text={run.error!}
              time={formatDateTime(run.error_time ?? run.time_sync_started)}
            />
          ))
        )}
      </Stack>
    </Paper>
  );
}
