import { Button, Center, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, reportMessages } from '@meridian/contracts';
import { ExternalLink } from '@/components/external-link';
import { ListPagination, usePageState } from '@/components/pagination';
import type { ReportQuery } from '../api/report-keys';
import { TOP_LINKS_SHORT_LIST, useTopLinks } from '../api/reports';
import { abbreviateNumber } from '../utils/report-numbers';
import { ReportCard, ReportError, SkeletonRows } from './report-card';

function NoLinks() {
  return (
    <Center py="lg">
      <Group gap="xs" c="dimmed">
        <IconLink size={16} aria-hidden />
        <Text size="sm">{reportMessages.noLinks}</Text>
      </Group>
    </Center>
  );
}

/** Top Links: the five most clicked links, each with a bar against the first. */
export function TopLinks({ query }: { query: ReportQuery }) {
  const [showAll, setShowAll] = useState(false);
  const links = useTopLinks(query, 1, TOP_LINKS_SHORT_LIST);
  const records = links.data?.records ?? [];
  const most = records[0]?.total_click_count ?? 0;
  return (
    <ReportCard
      title="Top Links"
      titleId="report-top-links"
      aside={
        records.length > 0 ? (
          <Button variant="subtle" size="compact-sm" onClick={() => setShowAll(true)}>
            View all links
          </Button>
        ) : null
      }
    >
      {links.isError ? (
        <ReportError error={links.error} onRetry={() => void links.refetch()} />
      ) : links.isPending ? (
        <Table>
          <Table.Tbody>
            <SkeletonRows columns={2} rows={TOP_LINKS_SHORT_LIST} />
          </Table.Tbody>
        </Table>
      ) : records.length === 0 ? (
        <NoLinks />
      ) : (
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {records.map((link) => (
            <Stack key={link.link} gap={4} component="li">
              <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
                <ExternalLink href={link.link} />
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {abbreviateNumber(link.total_click_count)}{' '}
                  <Text span size="xs" c="dimmed" fw={400}>
                    {link.total_click_count === 1 ? 'click' : 'clicks'}
                  </Text>
                </Text>
              </Group>
              <Progress
                value={most > 0 ? (link.total_click_count / most) * 100 : 0}
                size={6}
                radius="xl"
                color="grape.4"
                aria-hidden
              />
            </Stack>
          ))}
        </Stack>
      )}
      <EmailLinksModal opened={showAll} onClose={() => setShowAll(false)} query={query} />
    </ReportCard>
  );
}

/** 'Email Links': every clicked link of the period, paged. */
function EmailLinksModal(props: { opened: boolean; onClose: () => void; query: ReportQuery }) {
  const { page, setPage } = usePageState();
  const links = useTopLinks(props.query, page, DEFAULT_PAGE_SIZE, props.opened);
  const records = links.data?.records ?? [];
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Email Links" size="xl">
      {links.isError ? (
        <ReportError error={links.error} onRetry={() => void links.refetch()} />
      ) : !links.isPending && records.length === 0 ? (
        <NoLinks />
      ) : (
        <>
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Link</Table.Th>
                  <Table.Th ta="right">Clicks</Table.Th>
                  <Table.Th ta="right">Unique clicks</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {links.isPending ? (
                  <SkeletonRows columns={3} />
                ) : (
                  records.map((link) => (
                    <Table.Tr key={link.link}>
                      <Table.Td>
                        <ExternalLink href={link.link} />
                      </Table.Td>
                      <Table.Td ta="right">{abbreviateNumber(link.total_click_count)}</Table.Td>
                      <Table.Td ta="right">{abbreviateNumber(link.unique_click_count)}</Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination page={page} totalPages={links.data?.page_count ?? 0} onChange={setPage} />
        </>
      )}
    </Modal>
  );
}
