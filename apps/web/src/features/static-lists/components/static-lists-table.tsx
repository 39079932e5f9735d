import { Badge, Table, Text } from '@mantine/core';
import { IconListDetails, IconPencil, IconTrash } from '@tabler/icons-react';
import type { StaticList } from '@meridian/contracts';
import {
  ActionsHeader,
  DateCell,
  ListTableState,
  OpenableRow,
  RowActionsMenu,
  type ListTableFailure,
} from '@/components/list-table';

export interface StaticListsTableProps {
  /** The page could not be read: the table says so, with 'Try again'. */
  failed?: ListTableFailure | null;
  records: StaticList[];
  loading: boolean;
  searching: boolean;
  onOpen: (list: StaticList) => void;
  onRename: (list: StaticList) => void;
  onDelete: (list: StaticList) => void;
  onCreate: () => void;
}

export function StaticListsTable({
  failed,
  records,
  loading,
  searching,
  onOpen,
  onRename,
  onDelete,
  onCreate,
}: StaticListsTableProps) {
  return (
    <ListTableState
      failed={failed}
      loading={loading}
      empty={records.length === 0}
      searching={searching}
      icon={IconListDetails}
      noMatches={{ title: 'No static lists', hint: 'No list matches this search. Try another name.' }}
      noRecords={{
        title: 'No static lists',
        hint: 'Create a new static list to start adding contacts to it',
        create: { label: 'New static list', onClick: onCreate },
      }}
    >
      <Table.ScrollContainer minWidth={720}>
        <Table highlightOnHover data-testid="static-lists-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Contacts</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Updated</Table.Th>
              <ActionsHeader />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((list) => (
              <OpenableRow key={list.static_list_id} onOpen={() => onOpen(list)}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {list.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color="gray" radius="sm">
                    {list.num_records}
                  </Badge>
                </Table.Td>
                <DateCell value={list.created_at} />
                <DateCell value={list.updated_at} />
                <RowActionsMenu
                  name={list.name}
                  actions={[
                    { label: 'Rename', icon: IconPencil, onClick: () => onRename(list) },
                    { label: 'Delete', icon: IconTrash, onClick: () => onDelete(list), danger: true },
                  ]}
                />
              </OpenableRow>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ListTableState>
  );
}
