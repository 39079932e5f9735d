import { Popover, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { SalesforceSyncRun } from '@meridian/contracts';
import { formatDateTime } from '@/lib/format-date';
import { formatNumber, runDetailLines, type Direction } from '../utils/run-counts';

const DIRECTIONS: Record<Direction, string> = {
  read: 'Salesforce to Meridian',
  write: 'Meridian to Salesforce',
};
const OBJECTS = { contact: 'Contacts', lead: 'Leads' } as const;

/**
 * The run's start time, which opens the per-object details (imported, updated, errors) on hover
 * and, for keyboard and touch, on press.
 */
export function RunDetailsPopover({
  run,
  opened,
  onToggle,
  onClose,
}: {
  run: SalesforceSyncRun;
  opened: boolean;
  onToggle: () => void;
  onClose: () => void;
}) {
  const started = formatDateTime(run.start_time);
  const lines = runDetailLines(run);
  return (
    <Popover
      opened={opened}
      onChange={(open) => !open && onClose()}
      position="bottom-start"
      withArrow
      shadow="md"
    >
      <Popover.Target>
        <UnstyledButton
          onClick={onToggle}
          aria-expanded={opened}
          aria-label={`Run details, ${started}`}
          style={{ fontSize: 'var(--mantine-font-size-sm)', textDecoration: 'underline dotted' }}
        >
          {started}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown
        aria-label={`Run of ${started}`}
        role="dialog"
        data-testid="run-details"
        style={{ pointerEvents: 'auto' }}
      >
        <Stack gap="xs">
          <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="sm" fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Object</Table.Th>
                <Table.Th ta="right">Imported</Table.Th>
                <Table.Th ta="right">Updated</Table.Th>
                <Table.Th ta="right">Errors</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(['read', 'write'] as const).map((direction) => [
                <Table.Tr key={direction}>
                  <Table.Th colSpan={4} fz="xs" c="dimmed" pt={6}>
                    {DIRECTIONS[direction]}
                  </Table.Th>
                </Table.Tr>,
                ...lines
                  .filter((line) => line.direction === direction)
                  .map((line) => (
                    <Table.Tr key={`${direction}-${line.object}`}>
                      <Table.Td>{OBJECTS[line.object]}</Table.Td>
                      <Table.Td ta="right">{formatNumber(line.imported)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(line.updated)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(line.errors)}</Table.Td>
                    </Table.Tr>
                  )),
              ])}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            {formatNumber(run.api_calls)} API {run.api_calls === 1 ? 'call' : 'calls'}
            {run.deferred_count > 0
              ? ` · ${formatNumber(run.deferred_count)} deferred until the API allocation allows`
              : ''}
          </Text>
          {run.error ? (
            <Text size="xs" c="red.8" maw={320}>
              {run.error}
            </Text>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
