import { Anchor, Badge, Radio, Table, Text, VisuallyHidden } from '@mantine/core';
import type { SalesforcePersonRecord } from '@meridian/contracts';
import { formatDateTime } from '@/lib/format-date';

/** Spec 2: missing values show this text. */
export const NOT_AVAILABLE = 'Not Available';

const OBJECT_LABELS: Record<string, string> = { lead: 'Lead', contact: 'Contact' };

/** The person's Salesforce records; while editing, a radio per record chooses the one to sync with. */
export function SalesforceRecordsTable({
  records,
  instanceUrl,
  editing,
}: {
  records: SalesforcePersonRecord[];
  instanceUrl: string | null;
  editing: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" data-testid="sf-person-records">
        <Table.Thead>
          <Table.Tr>
            {editing ? (
              <Table.Th w={40}>
                <VisuallyHidden>Choose</VisuallyHidden>
              </Table.Th>
            ) : null}
            <Table.Th>Name</Table.Th>
            <Table.Th>Object</Table.Th>
            <Table.Th>Salesforce ID</Table.Th>
            <Table.Th>Last Modified</Table.Th>
            <Table.Th>Mapping</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => {
            const name = record.name ?? NOT_AVAILABLE;
            return (
              <Table.Tr key={record.id}>
                {editing ? (
                  <Table.Td>
                    <Radio value={record.id} aria-label={`Sync with ${name} (${record.id})`} />
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <Text size="sm" fw={500} c={record.name ? undefined : 'dimmed'}>
                    {name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{OBJECT_LABELS[record.crm_object] ?? record.crm_object}</Text>
                </Table.Td>
                <Table.Td>
                  {instanceUrl ? (
                    <Anchor
                      href={`${instanceUrl.replace(/\/+$/, '')}/${record.id}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="sm"
                      aria-label={`${record.id} in Salesforce (opens in a new tab)`}
                    >
                      {record.id}
                    </Anchor>
                  ) : (
                    <Text size="sm">{record.id}</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(record._modified_time)}</Text>
                </Table.Td>
                <Table.Td>
                  {record._is_selected ? (
                    <Badge variant="light" color="teal">
                      Selected
                    </Badge>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
