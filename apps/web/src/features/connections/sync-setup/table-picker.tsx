import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowRight, IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { CUSTOM_DESTINATION_TABLE, type DestinationTable } from '@meridian/contracts';
import { destinationNameOf } from './sync-setup-rules';
import { isCustomTable, type SetupTable } from './sync-setup-state';
import classes from './sync-setup.module.css';

export interface TablePickerProps {
  sources: string[];
  destinations: DestinationTable[];
  disabled: boolean;
  onAdd: (source: string, destination: string | null) => void;
}

/** Source Table and Destination Table pickers with 'Add table to sync' (spec 2). */
export function TablePicker(props: TablePickerProps) {
  const [source, setSource] = useState<string | null>(null);
  const [destination, setDestination] = useState<string | null>(null);
  const validSource = source !== null && props.sources.includes(source) ? source : null;
  const validDestination =
    destination !== null && props.destinations.some((d) => d.table_name === destination) ? destination : null;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Source Table"
        placeholder="Choose a warehouse table"
        data={props.sources}
        value={validSource}
        onChange={setSource}
        searchable
        nothingFoundMessage="No table left to sync"
        disabled={props.disabled}
        style={{ flex: '1 1 220px' }}
      />
      <Select
        label="Destination Table"
        placeholder="Choose where rows go"
        data={props.destinations.map((d) => ({ value: d.table_name, label: d.table_name }))}
        value={validDestination}
        onChange={setDestination}
        disabled={props.disabled}
        style={{ flex: '1 1 220px' }}
      />
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        disabled={props.disabled || !validSource || !validDestination}
        onClick={() => {
          props.onAdd(validSource!, destinationNameOf(validDestination!));
          setSource(null);
          setDestination(null);
        }}
      >
        Add table to sync
      </Button>
    </Group>
  );
}

export interface LinkedTablesProps {
  tables: SetupTable[];
  destinations: DestinationTable[];
  selected: string | null;
  problems: Record<string, { inline: string[] }>;
  canEdit: boolean;
  onSelect: (table: string) => void;
  onRemove: (table: string) => void;
}

/** The linked tables with Custom/Default badges and remove; a saved one is locked (spec 4). */
export function LinkedTables(props: LinkedTablesProps) {
  return (
    <Paper p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="linked-tables-title">
      <Stack gap="sm">
        <Title order={3} fz="md" id="linked-tables-title">
          Tables to sync
        </Title>
        {props.tables.length === 0 ? (
          <Text size="sm" c="dimmed">
            No table added yet. Choose a source and a destination table above.
          </Text>
        ) : (
          <Stack gap={6} role="list">
            {props.tables.map((table) => {
              const custom = isCustomTable(table);
              const destination = props.destinations.find(
                (d) => d.table_name === table.destination_table_name,
              );
              const problem = (props.problems[table.table_name]?.inline.length ?? 0) > 0;
              return (
                <Group
                  key={table.table_name}
                  role="listitem"
                  className={classes.linked}
                  data-active={props.selected === table.table_name || undefined}
                  gap="xs"
                  wrap="nowrap"
                >
                  <UnstyledButton
                    className={classes.linkedButton}
                    onClick={() => props.onSelect(table.table_name)}
                    aria-current={props.selected === table.table_name ? 'true' : undefined}
                    aria-label={`Map the columns of ${table.table_name}`}
                  >
                    <Group gap={6} wrap="wrap">
                      <Text size="sm" fw={600}>
                        {table.table_name}
                      </Text>
                      <IconArrowRight size={14} aria-hidden />
                      <Text size="sm">
                        {custom ? CUSTOM_DESTINATION_TABLE : table.destination_table_name}
                      </Text>
                      <Badge size="sm" variant="light" color={custom ? 'grape' : 'blue'}>
                        {custom ? 'Custom' : destination?.default === false ? 'Custom' : 'Default'}
                      </Badge>
                      {problem ? (
                        <Badge size="sm" variant="light" color="red">
                          Needs attention
                        </Badge>
                      ) : null}
                    </Group>
                  </UnstyledButton>
                  {table.saved ? (
                    <Tooltip label="Saved tables cannot be removed" withArrow>
                      <span className={classes.lock} aria-label="Saved tables cannot be removed" role="img">
                        <IconLock size={16} aria-hidden />
                      </span>
                    </Tooltip>
                  ) : (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled={!props.canEdit}
                      aria-label={`Remove ${table.table_name}`}
                      onClick={() => props.onRemove(table.table_name)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
