import { Badge, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconBraces, IconPencil, IconTrash } from '@tabler/icons-react';
import type { EmailToken } from '@meridian/contracts';
import {
  ActionsHeader,
  DateCell,
  ListTableState,
  OpenableRow,
  RowActionsMenu,
  type ListTableFailure,
} from '@/components/list-table';
import { TOKEN_TEXTS } from '../utils/token-form';
import { TYPE_LABELS } from '../utils/token-type';

export interface TokensTableProps {
  /** The page could not be read: the table says so, with 'Try again'. */
  failed?: ListTableFailure | null;
  records: EmailToken[];
  loading: boolean;
  searching: boolean;
  onOpen: (token: EmailToken) => void;
  onDelete: (token: EmailToken) => void;
  onCreate: () => void;
}

export function TokensTable({
  failed,
  records,
  loading,
  searching,
  onOpen,
  onDelete,
  onCreate,
}: TokensTableProps) {
  return (
    <ListTableState
      failed={failed}
      loading={loading}
      empty={records.length === 0}
      searching={searching}
      icon={IconBraces}
      loader={<TokensSkeleton />}
      noMatches={{ title: TOKEN_TEXTS.empty, hint: 'No token name matches this search. Try another name.' }}
      noRecords={{
        title: TOKEN_TEXTS.empty,
        hint: 'Tokens compute a personalised value for each contact, for use in emails and webhooks.',
        create: { label: 'New Token', onClick: onCreate },
      }}
    >
      <Table.ScrollContainer minWidth={760}>
        <Table highlightOnHover verticalSpacing="sm" data-testid="tokens-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Last Updated On</Table.Th>
              <Table.Th>Created on</Table.Th>
              <Table.Th>Created by</Table.Th>
              <ActionsHeader />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((token) => (
              <OpenableRow key={token.token_id} onOpen={() => onOpen(token)}>
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
                <DateCell value={token.updated_at} />
                <DateCell value={token.created_at} />
                <Table.Td>
                  <Text size="sm">{token.created_by?.name ?? '—'}</Text>
                </Table.Td>
                <RowActionsMenu
                  name={token.name}
                  actions={[
                    { label: 'Edit', icon: IconPencil, onClick: () => onOpen(token) },
                    { label: 'Remove', icon: IconTrash, onClick: () => onDelete(token), danger: true },
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

function TokensSkeleton() {
  return (
    <Stack gap={0} px="md" pb="md" role="status" aria-busy="true" aria-label="Loading tokens">
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
