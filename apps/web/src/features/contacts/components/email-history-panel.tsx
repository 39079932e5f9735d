import { Anchor, Badge, Box, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ResponseOf, personCampaignMetricsContract } from '@meridian/contracts';
import { IconSend } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { protectedRoutes } from '@/app/routes';
import { EmptyState } from '@/components/empty-state';
import { ExternalLink } from '@/components/external-link';
import { ListFailed } from '@/components/list-table/list-table-state';
import { Pagination } from '@/components/pagination';
import { formatDateTime } from '@/lib/format-date';
import { Link } from '@/lib/router';
import { useContactEmails } from '../api/get-activities';

export type EmailRecord = ResponseOf<typeof personCampaignMetricsContract>['records'][number];

export const EMAIL_HISTORY_TEXTS = {
  title: 'Emails',
  empty: 'No emails sent yet',
  hint: 'Every campaign email to this contact shows here, with its opens and clicks.',
  deletedCampaign: 'Deleted campaign',
  noSubject: '(no subject)',
};

interface Outcome {
  label: string;
  color: string;
  /** Why, when the server said (a bounce's SMTP answer, a skip's reason). */
  detail?: string;
}

/** What became of one email, first its delivery, then what the person did with it. */
export function emailOutcomes(record: EmailRecord): Outcome[] {
  const outcomes: Outcome[] = [];
  const detail = record.error_text ?? undefined;
  switch (record.reason) {
    case null:
      outcomes.push({ label: 'Sent', color: 'blue' });
      break;
    case 'bounced':
      outcomes.push({ label: 'Bounced', color: 'red', detail });
      break;
    case 'spam':
      outcomes.push({ label: 'Sent', color: 'blue' }, { label: 'Marked as spam', color: 'orange' });
      break;
    case 'dropped':
      outcomes.push({ label: 'Dropped', color: 'red', detail });
      break;
    case 'outcome_unknown':
      outcomes.push({ label: 'Delivery unknown', color: 'gray', detail });
      break;
    default:
      outcomes.push({ label: 'Not sent', color: 'gray', detail: record.reason });
  }
  if (record.unique_open_count > 0) outcomes.push({ label: 'Opened', color: 'teal' });
  if (record.unique_click_count_by_url > 0) {
    const links = record.unique_click_count_by_url;
    outcomes.push({ label: `Clicked ${links} ${links === 1 ? 'link' : 'links'}`, color: 'teal' });
  }
  if (record.unsub_time) outcomes.push({ label: 'Unsubscribed', color: 'orange' });
  return outcomes;
}

function EmailRow({ record }: { record: EmailRecord }) {
  const [showLinks, setShowLinks] = useState(false);
  const linksId = useId();
  const outcomes = emailOutcomes(record);
  const details = outcomes.flatMap((outcome) => (outcome.detail ? [outcome.detail] : []));
  return (
    <Box component="li" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Stack gap={4}>
        <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
          {record.subject || EMAIL_HISTORY_TEXTS.noSubject}
        </Text>
        <Group gap={6} wrap="wrap">
          {record.campaign_id && record.campaign_name ? (
            <Anchor
              component={Link}
              to={protectedRoutes.campaignEdit.to({ id: record.campaign_id })}
              size="xs"
            >
              {record.campaign_name}
            </Anchor>
          ) : (
            <Text size="xs" c="dimmed">
              {EMAIL_HISTORY_TEXTS.deletedCampaign}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {formatDateTime(record.sent_date)}
          </Text>
        </Group>
        <Group gap={6}>
          {outcomes.map((outcome) => (
            <Badge key={outcome.label} size="sm" variant="light" color={outcome.color}>
              {outcome.label}
            </Badge>
          ))}
        </Group>
        {details.map((text) => (
          <Text key={text} size="xs" c="gray.8" style={{ wordBreak: 'break-word' }}>
            {text}
          </Text>
        ))}
        {record.urls.length > 0 ? (
          <Box>
            <Button
              variant="subtle"
              size="compact-xs"
              aria-expanded={showLinks}
              aria-controls={linksId}
              onClick={() => setShowLinks((shown) => !shown)}
            >
              {showLinks ? 'Hide links' : 'View links'}
            </Button>
            {showLinks ? (
              <Stack gap={4} component="ul" id={linksId} p={0} m={0} mt={4} style={{ listStyle: 'none' }}>
                {record.urls.map((url) => (
                  <li key={url}>
                    <ExternalLink href={url} />
                  </li>
                ))}
              </Stack>
            ) : null}
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}

/** The campaign emails sent to a contact, newest first: delivery, opens, clicked links (person.campaign-metrics). */
export function EmailHistoryPanel({ contactId }: { contactId: string }) {
  const [page, setPage] = useState(1);
  const emails = useContactEmails(contactId, page);
  const records = emails.data?.records ?? [];
  return (
    <Paper p="lg" data-testid="email-history">
      <Group justify="space-between" mb="xs">
        <Title order={3} fz="md">
          {EMAIL_HISTORY_TEXTS.title}
        </Title>
        {emails.data && emails.data.total_count > 0 ? (
          <Text size="xs" c="dimmed">
            {emails.data.total_count} in total
          </Text>
        ) : null}
      </Group>
      {emails.isPending ? (
        <Center py={40}>
          <Loader size="sm" aria-label="Loading emails" />
        </Center>
      ) : emails.isError ? (
        <ListFailed retry={() => void emails.refetch()} />
      ) : records.length === 0 ? (
        <EmptyState
          icon={<IconSend size={22} stroke={1.6} />}
          title={EMAIL_HISTORY_TEXTS.empty}
          hint={EMAIL_HISTORY_TEXTS.hint}
        />
      ) : (
        <Stack gap="sm">
          <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Emails sent">
            {records.map((record) => (
              <EmailRow key={record.correlation_id ?? record.sent_date} record={record} />
            ))}
          </Box>
          <Pagination
            page={page}
            totalPages={emails.data?.page_count ?? 0}
            onChange={setPage}
            justify="center"
          />
        </Stack>
      )}
    </Paper>
  );
}
