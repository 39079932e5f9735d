import { Anchor, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  SALESFORCE_AFFECTED_RECORDS_PAGE_SIZE,
  type SalesforceAffectedRecord,
  type SalesforceErrorSummary,
} from '@meridian/contracts';
import { IconExternalLink, IconSearch, IconUsers } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { protectedRoutes } from '@/app/routes';
import { EmptyState } from '@/components/empty-state';
import { useDebouncedSearchPaging } from '@/components/list-page';
import { ListFailed, ListLoader } from '@/components/list-table';
import { ListPagination } from '@/components/pagination';
import { formatDateTime } from '@/lib/format-date';
import { useSalesforceConnection } from '../api/salesforce-connection';
import { useAffectedRecords } from '../api/sync-health';
import { knownErrorClasses } from '../utils/error-classes';
import { NOT_AVAILABLE } from '../utils/run-counts';

/** Spec 2: the modal's empty text. */
export const NO_ENTRIES = 'No entries exist';
export const AFFECTED_COLUMNS = ['Name', 'Error Details', 'View Record', 'Error Date'] as const;

/** A record in Salesforce: the org's address, then the record id. */
export const salesforceRecordUrl = (instanceUrl: string, id: string) =>
  `${instanceUrl.replace(/\/+$/, '')}/${id}`;

/** The records of one error class in the tab's window, 5 a page, searchable (spec 2, 9). */
export function AffectedRecordsModal({
  connectionId,
  error,
  window,
  onClose,
}: {
  connectionId: string;
  error: SalesforceErrorSummary | null;
  window: { start_time: string; end_time: string };
  onClose: () => void;
}) {
  return (
    <Modal
      opened={error !== null}
      onClose={onClose}
      title={error ? `Affected records: ${error.display}` : ''}
      size="xl"
    >
      {error ? <AffectedRecords connectionId={connectionId} error={error} window={window} /> : null}
    </Modal>
  );
}

function AffectedRecords({
  connectionId,
  error,
  window,
}: {
  connectionId: string;
  error: SalesforceErrorSummary;
  window: { start_time: string; end_time: string };
}) {
  const { page, setPage, search, keyword, changeSearch } = useDebouncedSearchPaging();
  const instanceUrl = useSalesforceConnection(connectionId).data?.instance_url ?? null;
  // A class this build does not know cannot be asked for: it shows as having no entries.
  const [errorClass] = knownErrorClasses([error.error_class]);
  const records = useAffectedRecords(
    connectionId,
    {
      error_class: errorClass ?? 'others',
      keyword: keyword || undefined,
      ...window,
      page_number: page,
      page_size: SALESFORCE_AFFECTED_RECORDS_PAGE_SIZE,
    },
    errorClass !== undefined,
  );
  const rows = records.isError ? [] : (records.data?.records ?? []);
  return (
    <Stack gap="sm">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder="Search records"
        aria-label="Search records"
        value={search}
        onChange={(event) => changeSearch(event.currentTarget.value)}
        data-autofocus
      />
      {records.isPending && errorClass ? (
        <ListLoader />
      ) : records.isError ? (
        <ListFailed retry={() => void records.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<IconUsers size={22} stroke={1.6} />} title={NO_ENTRIES} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" data-testid="sf-affected-table">
            <Table.Thead>
              <Table.Tr>
                {AFFECTED_COLUMNS.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((record) => (
                <Table.Tr key={record.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {record.name ?? record.email ?? NOT_AVAILABLE}
                    </Text>
                    {record.name && record.email ? (
                      <Text size="xs" c="dimmed">
                        {record.email}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td maw={320}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {record.error_text}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <RecordLinks record={record} instanceUrl={instanceUrl} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(record._created_time)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPagination
        page={page}
        totalPages={records.isError ? 0 : (records.data?.page_count ?? 0)}
        onChange={setPage}
      />
    </Stack>
  );
}

function RecordLinks({
  record,
  instanceUrl,
}: {
  record: SalesforceAffectedRecord;
  instanceUrl: string | null;
}) {
  const label = record.name ?? record.email ?? 'record';
  const inProduct = record.meridian_id;
  const inSalesforce =
    instanceUrl && record.salesforce_id ? salesforceRecordUrl(instanceUrl, record.salesforce_id) : null;
  if (!inProduct && !inSalesforce) {
    return (
      <Text size="sm" c="dimmed">
        {NOT_AVAILABLE}
      </Text>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap">
      {inProduct ? (
        <Anchor
          component={Link}
          to={protectedRoutes.contactDetail.to({ id: inProduct })}
          size="sm"
          aria-label={`View ${label} in Meridian`}
        >
          Meridian
        </Anchor>
      ) : null}
      {inSalesforce ? (
        <Anchor
          href={inSalesforce}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          aria-label={`View ${label} in Salesforce (opens in a new tab)`}
        >
          <Group gap={2} component="span" wrap="nowrap">
            Salesforce
            <IconExternalLink size={12} aria-hidden />
          </Group>
        </Anchor>
      ) : null}
    </Group>
  );
}
