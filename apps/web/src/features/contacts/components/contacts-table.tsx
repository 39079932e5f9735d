import { Center, Stack, Table, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { ResponseOf, personListContract } from '@meridian/contracts';
import { IconBadge } from '@/components/badges';
// By module, not the folder's index: it also exports the row menu and its menu code.
import { ListFailed, ListLoader, type ListTableFailure } from '@/components/list-table/list-table-state';
import { DateCell } from '@/components/list-table/date-cell';
import { OpenableRow } from '@/components/list-table/openable-row';

type Row = ResponseOf<typeof personListContract>['records'][number];

const COLUMNS: { key: keyof Row & string; label: string }[] = [
  { key: 'email', label: 'Email address' },
  { key: 'first_name', label: 'First Name' },
  { key: 'last_name', label: 'Last Name' },
  { key: 'title', label: 'Title' },
  { key: 'company_name', label: 'Company' },
  { key: 'phone_number', label: 'Phone' },
];

export interface ContactsTableProps {
  records: Row[];
  loading: boolean;
  /** The page could not be read: the table says so, with 'Try again'. */
  failed?: ListTableFailure | null;
  onOpen: (id: string) => void;
}

export function ContactsTable({ records, loading, failed, onOpen }: ContactsTableProps) {
  if (loading) return <ListLoader />;
  if (failed) return <ListFailed retry={failed.retry} />;
  if (records.length === 0) {
    return (
      <Center py={72}>
        <Stack align="center" gap={8}>
          <IconBadge>
            <IconUsers size={22} stroke={1.6} />
          </IconBadge>
          <Text fw={600}>No contacts found.</Text>
          <Text size="sm" c="dimmed">
            Try another search or date range, or add contacts from the Actions menu.
          </Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table highlightOnHover data-testid="contacts-table">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column.key}>{column.label}</Table.Th>
            ))}
            <Table.Th>Created Date</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((row) => (
            <OpenableRow key={row.id} onOpen={() => onOpen(row.id)}>
              {COLUMNS.map((column) => (
                <Table.Td key={column.key}>
                  <Text
                    size="sm"
                    fw={column.key === 'email' ? 600 : 400}
                    c={column.key === 'email' ? undefined : 'dark.6'}
                    truncate
                    maw={260}
                  >
                    {cell(row[column.key])}
                  </Text>
                </Table.Td>
              ))}
              {/* May wrap: kept on one line it pushed the table past a 1440 px screen's width. */}
              <DateCell value={row._created_time} />
            </OpenableRow>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function cell(value: Row[string]): string {
  if (value === null || value === undefined || value === '') return '—';
  return String(value);
}
