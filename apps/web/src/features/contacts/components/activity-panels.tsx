import { Badge, Box, Center, Group, Loader, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconActivity, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { Pagination } from '@/components/pagination';
import { formatDateTime } from '@/lib/format-date';
import { useContactActivities } from '../api/get-activities';
import { EmptyState } from '@/components/empty-state';
import { ListFailed } from '@/components/list-table/list-table-state';

type Kind = 'marketing' | 'product';

const TEXTS: Record<Kind, { title: string; empty: string; hint: string }> = {
  marketing: {
    title: 'Marketing activities',
    empty: 'No marketing activities',
    hint: 'Emails sent, opened and clicked in campaigns show here.',
  },
  product: {
    title: 'Product activity',
    empty: 'No activities found',
    hint: 'Events this contact triggers in your product show here.',
  },
};

/** A contact's marketing or product activity, newest first, paged. */
export function ActivityPanel({ contactId, kind }: { contactId: string; kind: Kind }) {
  const [page, setPage] = useState(1);
  const activities = useContactActivities(contactId, kind, page);
  // Spec section 8: a failed activity fetch sets the page count to 0.
  const totalPages = activities.isError ? 0 : (activities.data?.page_count ?? 0);
  const records = activities.isError ? [] : (activities.data?.records ?? []);
  const texts = TEXTS[kind];
  return (
    <Paper p="lg" data-testid={`${kind}-activities`}>
      <Title order={3} fz="md" mb="md">
        {texts.title}
      </Title>
      {activities.isPending ? (
        <Center py={40}>
          <Loader size="sm" />
        </Center>
      ) : activities.isError ? (
        <ListFailed retry={() => void activities.refetch()} />
      ) : records.length === 0 ? (
        <EmptyState
          icon={
            kind === 'marketing' ? (
              <IconMail size={22} stroke={1.6} />
            ) : (
              <IconActivity size={22} stroke={1.6} />
            )
          }
          title={texts.empty}
          hint={texts.hint}
        />
      ) : (
        <Stack gap="md">
          <Timeline bulletSize={14} lineWidth={2}>
            {records.map((record, index) =>
              'event_name' in record ? (
                <Timeline.Item key={index} title={record.event_name}>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(record.event_date)}
                  </Text>
                  {Object.keys(record.event_properties).length > 0 ? (
                    <Text size="xs" ff="monospace" c="dark.4" lineClamp={2}>
                      {JSON.stringify(record.event_properties)}
                    </Text>
                  ) : null}
                </Timeline.Item>
              ) : (
                <Timeline.Item
                  key={index}
                  title={
                    <Group gap={6}>
                      <Text size="sm" fw={600} tt="capitalize">
                        {record.event}
                      </Text>
                      {record.context ? (
                        <Badge size="xs" variant="light">
                          {record.context}
                        </Badge>
                      ) : null}
                    </Group>
                  }
                >
                  <Text size="xs" c="dimmed">
                    {formatDateTime(record.timestamp)}
                  </Text>
                  {record.campaign_name || record.template_name ? (
                    <Text size="xs">
                      {[record.campaign_name, record.template_name].filter(Boolean).join(' · ')}
                    </Text>
                  ) : null}
                </Timeline.Item>
              ),
            )}
          </Timeline>
          <Box>
            <Pagination page={page} totalPages={totalPages} onChange={setPage} justify="center" />
          </Box>
        </Stack>
      )}
    </Paper>
  );
}
