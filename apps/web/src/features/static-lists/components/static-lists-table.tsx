import { ActionIcon, Badge, Button, Center, Loader, Menu, Table, Text } from '@mantine/core';
import { IconDots, IconListDetails, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { formatDateTime } from '@/lib/format-date';
import type { StaticList } from '@meridian/contracts';
import { EmptyState } from '@/components/empty-state';

export interface StaticListsTableProps {
  records: StaticList[];
  loading: boolean;
  searching: boolean;
  onOpen: (list: StaticList) => void;
  onRename: (list: StaticList) => void;
  onDelete: (list: StaticList) => void;
  onCreate: () => void;
}

export function StaticListsTable({
  records,
  loading,
  searching,
  onOpen,
  onRename,
  onDelete,
  onCreate,
}: StaticListsTableProps) {
  if (loading) {
    return (
      <Center py={80}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (records.length === 0) {
    return searching ? (
      <EmptyState
        icon={<IconListDetails size={22} stroke={1.6} />}
        title="No static lists"
        hint="No list matches this search. Try another name."
      />
    ) : (
      <EmptyState
        icon={<IconListDetails size={22} stroke={1.6} />}
        title="No static lists"
        hint="Create a new static list to start adding contacts to it"
        action={
          <Button size="sm" leftSection={<IconPlus size={16} />} onClick={onCreate}>
            New static list
          </Button>
        }
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover data-testid="static-lists-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Contacts</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Updated</Table.Th>
            <Table.Th w={56} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((list) => (
            <Table.Tr key={list.static_list_id} onClick={() => onOpen(list)} style={{ cursor: 'pointer' }}>
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
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatDateTime(list.created_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatDateTime(list.updated_at)}
                </Text>
              </Table.Td>
              <Table.Td onClick={(event) => event.stopPropagation()}>
                <Menu position="bottom-end">
                  <Menu.Target>
                    <ActionIcon aria-label={`Actions for ${list.name}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onRename(list)}>
                      Rename
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => onDelete(list)}
                    >
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
