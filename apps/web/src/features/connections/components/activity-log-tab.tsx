import { Center, Paper, Stack, Text, Timeline } from '@mantine/core';
import type { ActivityLog } from '@meridian/contracts';
import { IconActivity, IconPencil, IconPlayerPause, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { ListFailed, ListLoader } from '@/components/list-table';
import { ListPagination, usePageState } from '@/components/pagination';
import { formatDateTime } from '@/lib/format-date';
import { useActivityLog } from '../api/syncs';

const ACTIVITIES: Record<
  ActivityLog['activity_type'],
  { label: string; icon: typeof IconPlus; color: string }
> = {
  sync_created: { label: 'Sync created', icon: IconPlus, color: 'meridian' },
  sync_edited: { label: 'Sync edited', icon: IconPencil, color: 'blue' },
  sync_paused: { label: 'Sync paused', icon: IconPlayerPause, color: 'yellow' },
  sync_resumed: { label: 'Sync resumed', icon: IconPlayerPlay, color: 'teal' },
};

/** What an activity changed: the tables it added or edited, or the error that paused the sync. */
export function activityDetails(activity: ActivityLog): string[] {
  const info = activity.additional_info;
  const lines: string[] = [];
  if (info.tables_added.length > 0) lines.push(`Tables added: ${info.tables_added.join(', ')}`);
  if (info.tables_edited.length > 0) lines.push(`Tables edited: ${info.tables_edited.join(', ')}`);
  if (info.error) lines.push(`Paused on an error: ${info.error}`);
  else if (activity.activity_type === 'sync_paused' && activity.account_id === null)
    lines.push('Paused on an error');
  return lines;
}

/** The Activity log tab: who changed the sync and when, newest first. */
export function ActivityLogTab({ connectionId }: { connectionId: string }) {
  const { page, setPage } = usePageState();
  const log = useActivityLog(connectionId, page);
  const records = log.isError ? [] : (log.data?.records ?? []);
  // Spec 8: a failed list read counts no pages.
  const totalPages = log.isError ? 0 : (log.data?.page_count ?? 0);
  return (
    <Paper p={{ base: 'md', sm: 'lg' }}>
      {log.isPending ? (
        <ListLoader />
      ) : log.isError ? (
        <ListFailed retry={() => void log.refetch()} />
      ) : records.length === 0 ? (
        <Center py="xl">
          <Stack align="center" gap={6}>
            <IconActivity size={22} aria-hidden color="var(--mantine-color-gray-6)" />
            <Text size="sm" c="dimmed">
              No Activities Yet!
            </Text>
          </Stack>
        </Center>
      ) : (
        <Stack gap="md">
          <Timeline bulletSize={28} lineWidth={2}>
            {records.map((activity) => {
              const kind = ACTIVITIES[activity.activity_type];
              const Icon = kind.icon;
              return (
                <Timeline.Item
                  key={activity.id}
                  color={kind.color}
                  bullet={<Icon size={14} aria-hidden />}
                  title={kind.label}
                >
                  <Text size="xs" c="dimmed">
                    {formatDateTime(activity.activity_time)}
                  </Text>
                  {activityDetails(activity).map((line) => (
                    <Text size="sm" key={line} style={{ wordBreak: 'break-word' }}>
                      {line}
                    </Text>
                  ))}
                </Timeline.Item>
              );
            })}
          </Timeline>
          <ListPagination page={page} totalPages={totalPages} onChange={setPage} />
        </Stack>
      )}
    </Paper>
  );
}
