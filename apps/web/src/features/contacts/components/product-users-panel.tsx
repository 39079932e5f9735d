import { Box, Center, Code, Loader, Table, Text } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useState } from 'react';
import { Pagination } from '@/components/pagination';
import { useProductUsers } from '../api/get-activities';
import { EmptyState } from '@/components/empty-state';
import { ListFailed } from '@/components/list-table';

/** The Product User tab: this contact as a user of each customer organisation. */
export function ProductUsersPanel({ contactId }: { contactId: string }) {
  const [page, setPage] = useState(1);
  const users = useProductUsers(contactId, page);
  const records = users.isError ? [] : (users.data?.records ?? []);
  const totalPages = users.isError ? 0 : (users.data?.page_count ?? 0);
  if (users.isPending) {
    return (
      <Center py={48}>
        <Loader size="sm" />
      </Center>
    );
  }
  // A read that failed is not 'no product user data': it says so and offers to ask again.
  if (users.isError) return <ListFailed retry={() => void users.refetch()} />;
  if (records.length === 0) {
    return (
      <EmptyState
        icon={<IconBuilding size={22} stroke={1.6} />}
        title="No product user data"
        hint="When this contact uses your product in an organisation, it shows here."
      />
    );
  }
  return (
    <Box>
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>Org ID</Table.Th>
              <Table.Th>Product user ID</Table.Th>
              <Table.Th>User properties</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>
                  <Code>{user.org_id}</Code>
                </Table.Td>
                <Table.Td>{user.product_user_id ?? '—'}</Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace" lineClamp={2}>
                    {Object.keys(user.user_properties).length ? JSON.stringify(user.user_properties) : '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Box pt="md">
        <Pagination page={page} totalPages={totalPages} onChange={setPage} />
      </Box>
    </Box>
  );
}
