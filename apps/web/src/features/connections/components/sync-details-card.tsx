import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { SyncSummary } from '@meridian/contracts';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { formatDateTime } from '@/lib/format-date';
import { formatCount, formatDuration } from '../utils/sync-times';
import { AdminOnly } from './admin-only';
import { ErrorBox } from './error-box';

export interface SyncDetailsCardProps {
  summary: SyncSummary | undefined;
  loading: boolean;
  /** The summary could not be read: the card says so; its refresh button asks again. */
  failed?: boolean;
  refreshing: boolean;
  canEdit: boolean;
  toggling: boolean;
  onToggle: (enable: boolean) => void;
  onEditSync: () => void;
  onRefresh: () => void;
}

/** Paused by hand, or by an error (which resuming clears). */
export const isPaused = (summary: SyncSummary) => !summary.sync_enabled || summary.error !== null;

/** Spec 4: paused shows 'Paused' for the next run; an error shows 'Sync Paused'. */
export function nextSyncText(summary: SyncSummary): string {
  if (summary.table_count === 0) return 'Not set up';
  if (summary.error) return 'Sync Paused';
  if (!summary.sync_enabled || !summary.next_run_time) return 'Paused';
  return formatDateTime(summary.next_run_time);
}

/** Spec 2 "Sync Details": Pause/Resume Sync, Edit Sync, refresh, the error box, next and last sync, counts. */
export function SyncDetailsCard(props: SyncDetailsCardProps) {
  const { summary } = props;
  const setUp = (summary?.table_count ?? 0) > 0;
  return (
    <Paper p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="sync-details-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={3} fz="md" id="sync-details-title">
            Sync Details
          </Title>
          <Group gap="xs">
            <Tooltip label="Refresh" withArrow>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={props.onRefresh}
                loading={props.refreshing}
                aria-label="Refresh sync details"
              >
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
            {summary && setUp ? (
              <AdminOnly canEdit={props.canEdit}>
                <Button
                  variant="default"
                  disabled={!props.canEdit}
                  loading={props.toggling}
                  leftSection={
                    isPaused(summary) ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />
                  }
                  onClick={() => props.onToggle(isPaused(summary))}
                >
                  {isPaused(summary) ? 'Resume Sync' : 'Pause Sync'}
                </Button>
              </AdminOnly>
            ) : null}
            <Button variant="light" leftSection={<IconPencil size={16} />} onClick={props.onEditSync}>
              {setUp || !summary ? 'Edit Sync' : 'Set up sync'}
            </Button>
          </Group>
        </Group>
        {props.failed && !summary ? (
          <Text size="sm" c="dimmed">
            The sync details could not be loaded. Use the refresh button to try again.
          </Text>
        ) : props.loading || !summary ? (
          <Skeleton height={72} radius="md" />
        ) : (
          <>
            {Object.entries(summary.error ?? {}).map(([title, text]) => (
              <ErrorBox
                key={title}
                title={title}
                text={text}
                time={summary.error_time ? formatDateTime(summary.error_time) : null}
              />
            ))}
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="lg">
              <Fact label="Next sync" value={nextSyncText(summary)} />
              <Fact
                label="Last sync"
                value={summary.time_last_synced ? formatDateTime(summary.time_last_synced) : 'Never'}
              />
              <Fact label="Last sync took" value={formatDuration(summary.last_sync_time_taken)} />
              <Fact label="Records in last sync" value={formatCount(summary.records_synced_count)} />
              <Fact label="Records synced in total" value={formatCount(summary.total_records_synced_count)} />
              <Fact label="Tables" value={formatCount(summary.table_count)} />
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Stack>
  );
}
