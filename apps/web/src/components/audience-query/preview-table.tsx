import { Alert, Center, Loader, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { AUDIENCE_PREVIEW_LIMIT, type AudienceList } from '@meridian/contracts';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';
import { EmptyState } from '@/components/empty-state';
import { OpenableRow } from '@/components/list-table';

export interface AudiencePreviewTableProps {
  data: AudienceList | undefined;
  loading: boolean;
  /** The server's message when the preview failed. */
  error: string | null;
  /** Where a person's page is: a row opens it in a new tab. */
  personHref(id: string): string;
}

type Row = Record<string, unknown>;
const headerOf = (key: string) => key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
const cell = (value: unknown) => (value === null || value === undefined ? '' : String(value));
/** Spec 2: the person's id is `id`, or `person_id` in rows that carry both. */
const personId = (row: Row) => cell(row.person_id ?? row.id);

/** 'Previewing X of Y people' and the rows, columns taken from the first row (spec 2). */
export function AudiencePreviewTable({ data, loading, error, personHref }: AudiencePreviewTableProps) {
  if (error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {error}
      </Alert>
    );
  }
  if (loading || !data) {
    return (
      <Center py={48}>
        <Loader size="sm" aria-label="Loading the preview" />
      </Center>
    );
  }
  const rows = data.audience_list.rows as Row[];
  const total = data.audience_list.total_count.count;
  if (rows.length === 0)
    return (
      <EmptyState icon={<IconUsers size={22} />} title="No Results" hint="Nobody matches this query yet." />
    );
  const columns = Object.keys(rows[0] ?? {});
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" data-testid="preview-count">
        Previewing {Math.min(rows.length, AUDIENCE_PREVIEW_LIMIT)} of {total} people
      </Text>
      <ScrollArea type="auto">
        <Table highlightOnHover verticalSpacing="xs" fz="sm" miw={columns.length * 140}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((key) => (
                <Table.Th key={key} style={{ whiteSpace: 'nowrap' }}>
                  {headerOf(key)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.slice(0, AUDIENCE_PREVIEW_LIMIT).map((row, index) => (
              <OpenableRow
                key={`${personId(row)}-${index}`}
                aria-label={`Open ${cell(row.email) || personId(row)} in a new tab`}
                onOpen={() => window.open(personHref(personId(row)), '_blank', 'noopener')}
              >
                {columns.map((key) => (
                  <Table.Td key={key}>{cell(row[key])}</Table.Td>
                ))}
              </OpenableRow>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}
