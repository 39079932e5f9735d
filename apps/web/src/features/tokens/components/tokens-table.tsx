import { ActionIcon, Badge, Button, Group, Menu, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconBraces, IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { EmailToken } from '@meridian/contracts';
import { EmptyState } from '@/components/empty-state';
import { formatDateTime } from '@/lib/format-date';
import { TOKEN_TEXTS } from '../utils/token-form';
import { TYPE_LABELS } from '../utils/token-type';

export interface TokensTableProps {
  records: EmailToken[];
  loading: boolean;
  searching: boolean;
  onOpen: (token: EmailToken) => void;
  onDelete: (token: EmailToken) => void;
  onCreate: () => void;
}

export function TokensTable({ records, loading, searching, onOpen, onDelete, onCreate }: TokensTableProps) {
  if (loading) return <TokensSkeleton />;
  if (records.length === 0) {
    return (
      <EmptyState
        icon={<IconBraces size={22} stroke={1.6} />}
        title={TOKEN_TEXTS.empty}
        hint={
          searching
            ? 'No token name matches this search. Try another name.'
            : 'Tokens compute a personalised value for each contact, for use in emails and webhooks.'
        }
        action={
          searching ? null : (
            <Button size="sm" leftSection={<IconPlus size={16} />} onClick={onCreate}>
              New Token
            </Button>
          )
        }
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="sm" data-testid="tokens-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Last Updated On</Table.Th>
            <Table.Th>Created on</Table.Th>
            <Table.Th>Created by</Table.Th>
            <Table.Th w={56} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((token) => (
            <Table.Tr key={token.token_id} onClick={() => onOpen(token)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Text size="sm" fw={600} ff="monospace">
                    {token.name}
                  </Text>
                  {token.return_type ? (
                    <Badge size="xs" variant="light" color="meridian" radius="sm">
                      {TYPE_LABELS[token.return_type]}
                    </Badge>
                  ) : null}
                </Group>
                {token.description ? (
                  <Text size="xs" c="dimmed" lineClamp={1} maw={420}>
                    {token.description}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatDateTime(token.updated_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatDateTime(token.created_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{token.created_by?.name ?? '—'}</Text>
              </Table.Td>
              <Table.Td onClick={(event) => event.stopPropagation()}>
                <Menu position="bottom-end">
                  <Menu.Target>
                    <ActionIcon aria-label={`Actions for ${token.name}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onOpen(token)}>
                      Edit
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => onDelete(token)}
                    >
                      Remove
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

function TokensSkeleton() {
  return (
    <Stack gap={0} px="md" pb="md" aria-busy="true" aria-label="Loading tokens">
      {Array.from({ length: 6 }, (_, index) => (
        <Group key={index} gap="xl" py="md" wrap="nowrap">
          <Skeleton height={12} width="24%" radius="xl" />
          <Skeleton height={12} width="20%" radius="xl" />
          <Skeleton height={12} width="20%" radius="xl" />
          <Skeleton height={12} width="14%" radius="xl" />
        </Group>
      ))}
    </Stack>
  );
}
