import { Anchor, Checkbox, Stack, Table, Text } from '@mantine/core';
import type { SalesforceErrorSummary } from '@meridian/contracts';
import { formatDateTime } from '@/lib/format-date';
import { formatNumber } from '../utils/run-counts';

/** Spec 2: the errors table's columns, word for word. */
export const ERROR_COLUMNS = ['Error Class', 'Affected Records', 'First Detected', 'Last Detected'] as const;

/** One row per error class; rows are chosen for RESYNC / ARCHIVE, the count opens the records. */
export function SyncErrorsTable({
  errors,
  descriptions,
  selected,
  onSelectedChange,
  onOpenRecords,
}: {
  errors: SalesforceErrorSummary[];
  descriptions: Record<string, string>;
  selected: Set<string>;
  onSelectedChange: (selected: Set<string>) => void;
  onOpenRecords: (error: SalesforceErrorSummary) => void;
}) {
  const names = errors.map((e) => e.error_class);
  const chosen = names.filter((n) => selected.has(n)).length;
  const toggle = (name: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(name);
    else next.delete(name);
    onSelectedChange(next);
  };
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table verticalSpacing="sm" data-testid="sf-errors-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all error classes"
                checked={chosen > 0 && chosen === names.length}
                indeterminate={chosen > 0 && chosen < names.length}
                onChange={(event) =>
                  onSelectedChange(event.currentTarget.checked ? new Set(names) : new Set())
                }
              />
            </Table.Th>
            {ERROR_COLUMNS.map((column, i) => (
              <Table.Th key={column} ta={i === 1 ? 'right' : undefined}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {errors.map((error) => (
            <Table.Tr key={error.error_class} data-testid={`error-row-${error.error_class}`}>
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${error.display}`}
                  checked={selected.has(error.error_class)}
                  onChange={(event) => toggle(error.error_class, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    {error.display}
                  </Text>
                  {descriptions[error.error_class] ? (
                    <Text size="xs" c="dimmed">
                      {descriptions[error.error_class]}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td ta="right">
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => onOpenRecords(error)}
                  aria-label={`${formatNumber(error.count)} affected records of ${error.display}`}
                >
                  {formatNumber(error.count)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(error.first_occurred)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(error.last_occurred)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
