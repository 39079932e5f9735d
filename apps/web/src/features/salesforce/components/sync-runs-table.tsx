import { Badge, Table, Text } from '@mantine/core';
import type { SalesforceSyncRun } from '@meridian/contracts';
import { useState } from 'react';
import { formatNumber, NOT_AVAILABLE, personRecords, runState } from '../utils/run-counts';
import { RunDetailsPopover } from './run-details-popover';

/** Spec 2: the history table's columns, word for word. */
export const HISTORY_COLUMNS = [
  'Synced On',
  'Person',
  'Accounts (coming soon)',
  'Opportunity (coming soon)',
  'Total Records',
  'Sync State',
] as const;

/** The runs of one page; hovering a row (or pressing its time) shows its details. */
export function SyncRunsTable({ runs }: { runs: SalesforceSyncRun[] }) {
  // One open popover at a time: the hovered row's, or the one opened by press.
  const [hovered, setHovered] = useState<string | null>(null);
  const [pinned, setPinned] = useState<string | null>(null);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="sf-runs-table">
        <Table.Thead>
          <Table.Tr>
            {HISTORY_COLUMNS.map((column, i) => (
              <Table.Th key={column} ta={i > 0 && i < 5 ? 'right' : undefined}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => {
            const state = runState(run);
            const open = pinned === run.id || (pinned === null && hovered === run.id);
            return (
              <Table.Tr
                key={run.id}
                onMouseEnter={() => setHovered(run.id)}
                onMouseLeave={() => setHovered((current) => (current === run.id ? null : current))}
              >
                <Table.Td>
                  <RunDetailsPopover
                    run={run}
                    opened={open}
                    onToggle={() => setPinned((current) => (current === run.id ? null : run.id))}
                    onClose={() => {
                      setPinned(null);
                      setHovered(null);
                    }}
                  />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatNumber(personRecords(run))}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" c="dimmed">
                    {NOT_AVAILABLE}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" c="dimmed">
                    {NOT_AVAILABLE}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatNumber(run.total_records)}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="dot" color={state.color}>
                    {state.label}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
