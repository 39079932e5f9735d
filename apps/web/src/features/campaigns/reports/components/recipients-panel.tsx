import { Center, Group, Modal, Paper, ScrollArea, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { type RecipientReportKind, reportMessages } from '@meridian/contracts';
import { ListPagination, usePageState } from '@/components/pagination';
import { formatTotal } from '@/lib/format-count';
import type { ReportQuery } from '../api/report-keys';
import { useRecipients } from '../api/reports';
import { ReportError, SkeletonRows } from './report-card';
import { RECIPIENT_TABS, type RecipientRow, recipientColumns } from './recipient-columns';
import { ExternalLink } from '@/components/external-link';

/** Recipients: a paged table per outcome, each keeping its own page. */
export function RecipientsPanel({ query, orgContext }: { query: ReportQuery; orgContext: boolean }) {
  const [kind, setKind] = useState<RecipientReportKind>('recipient_engagement');
  return (
    <Paper withBorder radius="md">
      <Tabs
        value={kind}
        onChange={(value) => value && setKind(value as RecipientReportKind)}
        keepMounted={false}
      >
        <ScrollArea type="never">
          <Tabs.List px="md" style={{ flexWrap: 'nowrap' }}>
            {RECIPIENT_TABS.map((tab) => (
              <Tabs.Tab key={tab.kind} value={tab.kind}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
        {RECIPIENT_TABS.map((tab) => (
          <Tabs.Panel key={tab.kind} value={tab.kind}>
            <RecipientTable kind={tab.kind} query={query} orgContext={orgContext} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}

function RecipientTable(props: { kind: RecipientReportKind; query: ReportQuery; orgContext: boolean }) {
  const { page, setPage } = usePageState();
  const [linksOf, setLinksOf] = useState<RecipientRow | null>(null);
  const recipients = useRecipients(props.query, props.kind, page);
  const columns = recipientColumns(props.kind, props.orgContext);
  const records = recipients.data?.records ?? [];
  if (recipients.isError) {
    return (
      <Stack p="md">
        <ReportError error={recipients.error} onRetry={() => void recipients.refetch()} />
      </Stack>
    );
  }
  if (!recipients.isPending && records.length === 0) {
    return (
      <Center py={48}>
        <Group gap="xs" c="dimmed">
          <IconUsers size={16} aria-hidden />
          <Text size="sm">{reportMessages.noRecipients}</Text>
        </Group>
      </Center>
    );
  }
  const total = recipients.data
    ? formatTotal(recipients.data.total_count, recipients.data.total_capped)
    : null;
  return (
    <>
      <Text size="sm" c="dimmed" px="md" pt="sm" aria-live="polite">
        {total === null
          ? '\u00a0'
          : `${total} ${recipients.data?.total_count === 1 ? 'recipient' : 'recipients'}`}
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.label} ta={column.numeric ? 'right' : undefined}>
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {recipients.isPending ? (
              <SkeletonRows columns={columns.length} />
            ) : (
              records.map((row) => (
                <Table.Tr key={row.message_id}>
                  {columns.map((column) => (
                    <Table.Td key={column.label} ta={column.numeric ? 'right' : undefined}>
                      {column.cell(row, { viewLinks: setLinksOf })}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPagination page={page} totalPages={recipients.data?.page_count ?? 0} onChange={setPage} />
      <Modal opened={linksOf !== null} onClose={() => setLinksOf(null)} title="Link preview" size="lg">
        {linksOf ? (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Links clicked by {linksOf.email}
            </Text>
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {linksOf.urls.map((url) => (
                <li key={url}>
                  <ExternalLink href={url} />
                </li>
              ))}
            </Stack>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
