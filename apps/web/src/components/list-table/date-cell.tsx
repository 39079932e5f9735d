import { Table, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format-date';

/** A table cell with a dimmed date and time. */
export function DateCell({ value }: { value: string }) {
  return (
    <Table.Td>
      <Text size="sm" c="dimmed">
        {formatDateTime(value)}
      </Text>
    </Table.Td>
  );
}
