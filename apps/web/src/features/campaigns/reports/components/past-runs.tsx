import { Badge, Center, Switch, Table, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { type CampaignRunState, reportMessages } from '@meridian/contracts';
import { ListPagination, usePageState } from '@/components/pagination';
import { formatDateTime } from '@/lib/format-date';
import type { ReportQuery } from '../api/report-keys';
import { useReportRuns } from '../api/reports';
import { abbreviateNumber } from '../utils/report-numbers';
import { ReportCard, ReportError, SkeletonRows } from './report-card';

/** Spec 4: run states as shown, with their colours (a dot: coloured text on a tint is too faint). */
export const RUN_STATE_BADGES: Record<CampaignRunState, { label: string; color: string }> = {
  finished: { label: 'Finished', color: 'green' },
  cancelled: { label: 'Canceled', color: 'red' },
  processing: { label: 'In Progress', color: 'yellow' },
  scheduled: { label: 'Scheduled', color: 'blue' },
  skipped: { label: 'Skipped', color: 'gray' },
};

const COLUMNS = [
  'Run time',
  'State',
  'Qualified',
  'Delivered',
  'Opened',
  'Clicked',
  'Bounced',
  'Unsubscribed',
];

/** 'Past Campaign Runs': one row per run of the period, newest first, paged. */
export function PastRuns({ query }: { query: ReportQuery }) {
  const [hideEmpty, setHideEmpty] = useState(false);
  const { page, setPage, resetPage } = usePageState();
  const runs = useReportRuns(query, page, hideEmpty);
  const records = runs.data?.records ?? [];
  return (
    <ReportCard
      title="Past Campaign Runs"
      titleId="report-past-runs"
      aside={
        <Switch
          label="Hide empty runs"
          checked={hideEmpty}
          onChange={(event) => {
            setHideEmpty(event.currentTarget.checked);
            resetPage();
          }}
        />
      }
    >
      {runs.isError ? (
        <ReportError error={runs.error} onRetry={() => void runs.refetch()} />
      ) : !runs.isPending && records.length === 0 ? (
        <Center py="lg">
          <Text size="sm" c="dimmed" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <IconHistory size={16} aria-hidden />
            {reportMessages.noRuns}
          </Text>
        </Center>
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover>
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
                {runs.isPending ? (
                  <SkeletonRows columns={COLUMNS.length} />
                ) : (
                  records.map((run) => {
                    const state = RUN_STATE_BADGES[run.run_state];
                    return (
                      <Table.Tr key={run.run_id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(run.run_time)}</Table.Td>
                        <Table.Td>
                          <Badge
                            color={state.color}
                            variant="dot"
                            tt="none"
                            fw={500}
                            // Its label may truncate, so the squeezed column would cut it: keep it whole.
                            miw="max-content"
                          >
                            {state.label}
                          </Badge>
                        </Table.Td>
                        {[
                          run.total_count,
                          run.delivered_count,
                          run.unique_open_count,
                          run.unique_click_count_by_email,
                          run.bounce_count,
                          run.unsub_count,
                        ].map((count, i) => (
                          <Table.Td key={i} ta="right">
                            {abbreviateNumber(count)}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    );
                  })
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination page={page} totalPages={runs.data?.page_count ?? 0} onChange={setPage} />
        </>
      )}
    </ReportCard>
  );
}
