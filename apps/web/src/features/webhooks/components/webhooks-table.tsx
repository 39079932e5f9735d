import { Badge, Group, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash, IconWebhook } from '@tabler/icons-react';
import {
  ActionsHeader,
  DateCell,
  ListTableState,
  OpenableRow,
  RowActionsMenu,
  type ListTableFailure,
} from '@/components/list-table';
import type { Webhook } from '@meridian/contracts';

export interface WebhooksTableProps {
  /** The page could not be read: the table says so, with 'Try again'. */
  failed?: ListTableFailure | null;
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
  failed,
  records,
  loading,
  searching,
  onOpen,
  onDelete,
  onCreate,
}: WebhooksTableProps) {
  return (
    <ListTableState
      failed={failed}
      loading={loading}
      empty={records.length === 0}
      searching={searching}
      icon={IconWebhook}
      noMatches={{
        title: 'No webhooks found.',
        hint: 'No webhook matches this search. Try changing the search text.',
      }}
      noRecords={{
        title: 'No webhooks yet',
        hint: 'Webhooks send contact data to other systems from your campaigns.',
        create: { label: 'create first Webhook', onClick: onCreate },
      }}
    >
      <Table.ScrollContainer minWidth={860}>
        <Table highlightOnHover data-testid="webhooks-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Created On</Table.Th>
              <Table.Th>Created By</Table.Th>
              <ActionsHeader />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((webhook) => (
              <OpenableRow key={webhook.webhook_id} onOpen={() => onOpen(webhook)}>
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
                <DateCell value={webhook.created_at} />
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {webhook.created_by?.name ?? '—'}
                  </Text>
                </Table.Td>
                <RowActionsMenu
                  name={webhook.name}
                  actions={[
                    { label: 'Edit', icon: IconPencil, onClick: () => onOpen(webhook) },
                    { label: 'Remove', icon: IconTrash, onClick: () => onDelete(webhook), danger: true },
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
