import { Center, Table, Text } from '@mantine/core';
import { formatDateTime, formatShortDateTime } from '@/lib/format-date';
import type { DevMailSummary } from '../api/dev-mails.schemas';

export interface MailTableProps {
  records: DevMailSummary[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

export function MailTable({ records, selectedId, onSelect }: MailTableProps) {
  if (records.length === 0) {
    return (
      <Center py={64}>
        <Text c="dimmed" size="sm">
          No captured mails
        </Text>
      </Center>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table highlightOnHover layout="fixed" data-testid="dev-mail-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Subject and sender</Table.Th>
            <Table.Th w="28%">To</Table.Th>
            <Table.Th w={156}>Received</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((mail) => {
            const selected = mail.id === selectedId;
            const to = mail.to.join(', ');
            return (
              <Table.Tr
                key={mail.id}
                onClick={() => onSelect(mail.id)}
                aria-selected={selected}
                bg={selected ? 'var(--mantine-color-meridian-light)' : undefined}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td>
                  <Text size="sm" fw={600} truncate title={mail.subject}>
                    {mail.subject || '(no subject)'}
                  </Text>
                  <Text size="xs" c="dimmed" truncate title={mail.from}>
                    {mail.from}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" truncate title={to}>
                    {to}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" truncate title={formatDateTime(mail.received_at)}>
                    {formatShortDateTime(mail.received_at)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
