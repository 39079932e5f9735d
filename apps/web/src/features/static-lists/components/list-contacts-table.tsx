import { ActionIcon, Checkbox, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash, IconUsers } from '@tabler/icons-react';
import { formatDateTime } from '@/lib/format-date';
import type { z } from 'zod';
import type { staticListMemberSchema } from '@meridian/contracts';
import { EmptyState } from '@/components/empty-state';
import {
  ActionsHeader,
  ListFailed,
  ListLoader,
  OpenableRow,
  type ListTableFailure,
} from '@/components/list-table';

type Row = z.output<typeof staticListMemberSchema>;

const COLUMNS: { key: Exclude<keyof Row, 'id' | 'added_at'>; label: string }[] = [
  { key: 'first_name', label: 'First Name' },
  { key: 'last_name', label: 'Last Name' },
  { key: 'title', label: 'Title' },
  { key: 'company_name', label: 'Company' },
  { key: 'email', label: 'Email Address' },
  { key: 'phone_number', label: 'Phone' },
];

export interface ListContactsTableProps {
  records: Row[];
  loading: boolean;
  /** The page could not be read: the table says so, with 'Try again', instead of 'no contacts'. */
  failed?: ListTableFailure | null;
  filtered: boolean;
  selected: Set<string>;
  onSelectedChange: (next: Set<string>) => void;
  /** Opens the member's contact page. */
  onOpen: (personId: string) => void;
  /** Removes one member (spec 4: the 'single' removal mode), after a confirmation. */
  onRemove: (email: string) => void;
}

export function ListContactsTable({
  records,
  loading,
  failed,
  filtered,
  selected,
  onSelectedChange,
  onOpen,
  onRemove,
}: ListContactsTableProps) {
  if (loading) return <ListLoader />;
  if (failed) return <ListFailed retry={failed.retry} />;
  const empty = records.length === 0;
  const allSelected = !empty && records.every((row) => selected.has(row.email));
  const someSelected = records.some((row) => selected.has(row.email));
  const toggle = (email: string) => {
    const next = new Set(selected);
    if (next.has(email)) next.delete(email);
    else next.add(email);
    onSelectedChange(next);
  };
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table highlightOnHover data-testid="list-contacts-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <Checkbox
                aria-label="Select all on this page"
                disabled={empty}
                checked={allSelected}
                indeterminate={someSelected && !allSelected}
                onChange={() => {
                  const next = new Set(selected);
                  for (const row of records) {
                    if (allSelected) next.delete(row.email);
                    else next.add(row.email);
                  }
                  onSelectedChange(next);
                }}
              />
            </Table.Th>
            {COLUMNS.map((column) => (
              <Table.Th key={column.key}>{column.label}</Table.Th>
            ))}
            <Table.Th>Date Added</Table.Th>
            <ActionsHeader width={52} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {empty ? (
            // An empty list keeps its columns: the empty text sits in the table, under the header.
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length + 3}>
                <EmptyState
                  icon={<IconUsers size={22} stroke={1.6} />}
                  title="No contacts in this list"
                  hint={
                    filtered
                      ? 'No contact matches this search and date range.'
                      : 'Add contacts from a CSV file with the Add contacts menu.'
                  }
                />
              </Table.Td>
            </Table.Tr>
          ) : null}
          {records.map((row) => (
            <OpenableRow
              key={row.id}
              onOpen={() => onOpen(row.id)}
              bg={selected.has(row.email) ? 'var(--mantine-color-meridian-light)' : undefined}
            >
              {/* Selecting is not opening. */}
              <Table.Td onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  aria-label={`Select ${row.email}`}
                  checked={selected.has(row.email)}
                  onChange={() => toggle(row.email)}
                />
              </Table.Td>
              {COLUMNS.map((column) => (
                <Table.Td key={column.key}>
                  <Text
                    size="sm"
                    truncate
                    maw={240}
                    fw={column.key === 'email' ? 600 : 400}
                    title={row[column.key] ?? undefined}
                  >
                    {row[column.key] || '—'}
                  </Text>
                </Table.Td>
              ))}
              <Table.Td>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(row.added_at)}
                </Text>
              </Table.Td>
              <Table.Td onClick={(event) => event.stopPropagation()}>
                <Tooltip label="Remove from list" withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${row.email}`}
                    onClick={() => onRemove(row.email)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </OpenableRow>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
