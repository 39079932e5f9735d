import { Badge, Box, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ListLoader } from '@/components/list-table';
import { ListPagination, usePageState } from '@/components/pagination';
import { errorMessage } from '@/lib/error-handling';
import { formatShortDateTime } from '@/lib/format-date';
import { useSegmentErrors } from '../api/segment-activity';
import { FailedRead } from './failed-read';
import {
  DEFAULT_ERROR_WINDOW,
  ERROR_WINDOWS,
  errorWindowOf,
  windowStart,
  type ErrorWindowValue,
} from '../utils/error-window';

/** Calls Segment sent that Meridian refused: what was wrong, newest first, 10 a page. */
export function ErrorsSection() {
  const [windowValue, setWindowValue] = useState<ErrorWindowValue>(DEFAULT_ERROR_WINDOW);
  const { page, setPage, resetPage } = usePageState();
  const chosen = errorWindowOf(windowValue);
  // Fixed when the window is picked, so paging walks one stable set of rows.
  const startTime = useMemo(() => windowStart(chosen.days), [chosen.days]);
  const errors = useSegmentErrors(startTime, page);
  const records = errors.data?.records ?? [];

  return (
    <Paper p={0} component="section" aria-labelledby="segment-errors-list-heading">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" p="lg" pb="sm">
        <div>
          <Title order={2} fz="lg" id="segment-errors-list-heading">
            Recent errors
          </Title>
          <Text size="sm" c="dimmed">
            Calls that were refused, with the reason. Nothing refused is dropped silently.
          </Text>
        </div>
        <Select
          aria-label="Errors window"
          w={180}
          allowDeselect={false}
          value={windowValue}
          onChange={(value) => {
            if (!value) return;
            setWindowValue(errorWindowOf(value).value);
            resetPage();
          }}
          data={ERROR_WINDOWS.map(({ value, label }) => ({ value, label }))}
        />
      </Group>
      {errors.isPending ? (
        <ListLoader />
      ) : errors.isError ? (
        <Box m="lg">
          <FailedRead
            title="Errors could not be loaded"
            reason={errorMessage(errors.error)}
            retry={() => void errors.refetch()}
          />
        </Box>
      ) : records.length === 0 ? (
        <EmptyState
          icon={<IconCircleCheck size={22} stroke={1.6} />}
          title="No errors"
          hint={`Every call in the ${chosen.label.toLowerCase()} was accepted.`}
        />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" horizontalSpacing="lg">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Error</Table.Th>
                <Table.Th>Description</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((error) => (
                <Table.Tr key={error.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" c="dimmed">
                      {formatShortDateTime(error.time_created)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Text size="sm" fw={600}>
                        {error.exception}
                      </Text>
                      {error.event_type ? (
                        <Badge size="sm" variant="light" color="gray">
                          {error.event_type}
                        </Badge>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{error.description}</Text>
                    {error.payload_excerpt ? (
                      <Text size="xs" c="dimmed" ff="monospace" lineClamp={2} title={error.payload_excerpt}>
                        {error.payload_excerpt}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPagination page={page} totalPages={errors.data?.page_count ?? 0} onChange={setPage} />
    </Paper>
  );
}
