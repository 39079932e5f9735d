import { ActionIcon, Badge, Button, Center, Group, Loader, Menu, Table, Text } from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconTrash, IconWebhook } from '@tabler/icons-react';
import { EmptyState } from '@/components/empty-state';
import { formatDateTime } from '@/lib/format-date';
import type { Webhook } from '@meridian/contracts';

export interface WebhooksTableProps {
  records: Webhook[];
  loading: boolean;
  searching: boolean;
  onOpen: (webhook: Webhook) => void;
  onDelete: (webhook: Webhook) => void;
  onCreate: () => void;
}

const METHOD_COLORS: Record<string, string> = {
  GET: 'teal',
  POST: 'meridian',
  PUT: 'orange',
  PATCH: 'grape',
  DELETE: 'red',
  HEAD: 'gray',
};

export function WebhooksTable({
  records,
  loading,
  searching,
  onOpen,
  onDelete,
  onCreate,
}: WebhooksTableProps) {
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
        icon={<IconWebhook size={22} stroke={1.6} />}
        title="No webhooks found."
        hint="No webhook matches this search. Try changing the search text."
      />
    ) : (
      <EmptyState
        icon={<IconWebhook size={22} stroke={1.6} />}
        title="No webhooks yet"
        hint="Webhooks send contact data to other systems from your campaigns."
        action={
          <Button size="sm" leftSection={<IconPlus size={16} />} onClick={onCreate}>
            create first Webhook
          </Button>
        }
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table highlightOnHover data-testid="webhooks-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Created On</Table.Th>
            <Table.Th>Created By</Table.Th>
            <Table.Th w={56} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((webhook) => (
            <Table.Tr key={webhook.webhook_id} onClick={() => onOpen(webhook)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Badge
                    variant="light"
                    radius="sm"
                    w={62}
                    color={METHOD_COLORS[webhook.method] ?? 'gray'}
                    styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  >
                    {webhook.method}
                  </Badge>
                  <Text size="sm" fw={600}>
                    {webhook.name}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" tt="capitalize">
                  {webhook.type}
                </Text>
              </Table.Td>
              <Table.Td maw={320}>
                <Text size="sm" c={webhook.description ? undefined : 'dimmed'} truncate>
                  {webhook.description || '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatDateTime(webhook.created_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {webhook.created_by?.name ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td onClick={(event) => event.stopPropagation()}>
                <Menu position="bottom-end">
                  <Menu.Target>
                    <ActionIcon aria-label={`Actions for ${webhook.name}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onOpen(webhook)}>
                      Edit
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => onDelete(webhook)}
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
