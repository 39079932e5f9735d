import {
  Alert,
  Badge,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { DestinationTable, SourceColumn } from '@meridian/contracts';
import { IconAlertTriangle, IconLock, IconSearch } from '@tabler/icons-react';
import { useState, type Dispatch } from 'react';
import { CustomColumns } from './custom-columns';
import { isCustomTable, type SetupTable, type SyncSetupAction } from './sync-setup-state';

export interface ColumnMappingPanelProps {
  table: SetupTable;
  destination: DestinationTable | undefined;
  sourceColumns: SourceColumn[] | undefined;
  problems: string[];
  canEdit: boolean;
  dispatch: Dispatch<SyncSetupAction>;
}

/** Source column types a run can read changes by (values that only grow). */
const CURSOR_TYPES = new Set<SourceColumn['type']>(['datetime', 'integer']);

/**
 * Spec 2: the column mapping panel of one linked table: destination fields with their source
 * column and the PK toggle, 'Map as custom columns' with search (Select All for the custom table).
 */
export function ColumnMappingPanel(props: ColumnMappingPanelProps) {
  const { table, dispatch } = props;
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const matches = (name: string) => needle === '' || name.toLowerCase().includes(needle);
  const custom = isCustomTable(table);
  const columns = props.sourceColumns ?? [];
  const cursorOptions = columns.filter((c) => CURSOR_TYPES.has(c.type)).map((c) => c.column_name);
  const editable = props.canEdit;

  return (
    <Paper p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="column-mapping-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={3} fz="md" id="column-mapping-title">
            Columns of {table.table_name}
          </Title>
          {table.saved ? (
            <Badge variant="light" color="gray" leftSection={<IconLock size={12} aria-hidden />}>
              Saved: new columns only
            </Badge>
          ) : null}
        </Group>
        {props.problems.length > 0 ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="status">
            {props.problems.map((problem) => (
              <Text size="sm" key={problem}>
                {problem}
              </Text>
            ))}
          </Alert>
        ) : null}
        <TextInput
          label="Search columns"
          placeholder="Search columns"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {props.sourceColumns === undefined ? (
          <Skeleton height={160} radius="md" />
        ) : custom ? (
          <CustomColumns
            table={table}
            columns={columns.filter((c) => matches(c.column_name))}
            selectAll
            withPrimaryKey
            disabled={!editable}
            dispatch={dispatch}
          />
        ) : (
          <>
            <DestinationRows {...props} matches={matches} />
            <Stack gap={4}>
              <Title order={4} fz="sm">
                Map as custom columns
              </Title>
              <Text size="xs" c="dimmed">
                Each column ticked here becomes a new contact field of the same name.
              </Text>
            </Stack>
            <CustomColumns
              table={table}
              columns={columns.filter(
                (c) =>
                  matches(c.column_name) &&
                  !table.columns.some((m) => !m.custom && m.column_name === c.column_name),
              )}
              selectAll={false}
              withPrimaryKey={false}
              disabled={!editable}
              dispatch={dispatch}
            />
          </>
        )}
        <Select
          label="Read changes by"
          description="A column whose values only grow (an update time) lets each run read just the changed rows; without one, every row is compared."
          data={[
            { value: '', label: 'Comparing every row' },
            ...cursorOptions.map((name) => ({ value: name, label: name })),
          ]}
          value={table.cursor_column ?? ''}
          onChange={(value) =>
            dispatch({ type: 'setCursorColumn', table_name: table.table_name, column_name: value || null })
          }
          disabled={!editable || table.saved}
          allowDeselect={false}
        />
      </Stack>
    </Paper>
  );
}

function DestinationRows(props: ColumnMappingPanelProps & { matches: (name: string) => boolean }) {
  const { table, dispatch } = props;
  const used = new Set(table.columns.map((c) => c.column_name));
  const known = props.destination?.columns ?? [];
  // A saved mapping to a field the destination does not list (yet) still shows, locked.
  const extra = table.columns
    .filter((c) => !c.custom && !known.some((d) => d.name === c.destination_column_name))
    .map((c) => ({ name: c.destination_column_name, required: false }));
  const rows = [...known, ...extra].filter((d) => props.matches(d.name));
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="xs" data-testid="column-mapping">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Destination column</Table.Th>
            <Table.Th>Source column</Table.Th>
            <Table.Th w={110}>Primary key</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((destination) => {
            const mapped = table.columns.find((c) => c.destination_column_name === destination.name);
            const options = (props.sourceColumns ?? [])
              .filter((c) => c.column_name === mapped?.column_name || !used.has(c.column_name))
              .map((c) => c.column_name);
            return (
              <Table.Tr key={destination.name}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {destination.name}
                    </Text>
                    {destination.required ? (
                      <Badge size="xs" variant="light" color="orange">
                        Required
                      </Badge>
                    ) : null}
                    {mapped?.saved ? <IconLock size={14} aria-label="Saved: locked" /> : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Source column for ${destination.name}`}
                    placeholder="Not mapped"
                    data={options}
                    value={mapped?.column_name ?? null}
                    onChange={(value) =>
                      dispatch({
                        type: 'mapColumn',
                        table_name: table.table_name,
                        destination_column_name: destination.name,
                        column_name: value,
                      })
                    }
                    clearable
                    searchable
                    disabled={!props.canEdit || mapped?.saved === true}
                    size="xs"
                  />
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`Primary key: ${destination.name}`}
                    checked={mapped?.primary_key ?? false}
                    disabled={!props.canEdit || !mapped || table.saved}
                    onChange={() =>
                      dispatch({
                        type: 'togglePrimaryKey',
                        table_name: table.table_name,
                        destination_column_name: destination.name,
                      })
                    }
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
