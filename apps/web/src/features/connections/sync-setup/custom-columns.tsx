import { Checkbox, Group, Stack, Switch, Text } from '@mantine/core';
import type { SourceColumn } from '@meridian/contracts';
import type { Dispatch } from 'react';
import type { SetupTable, SyncSetupAction } from './sync-setup-state';

export interface CustomColumnsProps {
  table: SetupTable;
  /** The source columns offered (already narrowed by the search). */
  columns: SourceColumn[];
  /** The custom table has 'Select All' (spec 2). */
  selectAll: boolean;
  withPrimaryKey: boolean;
  disabled: boolean;
  dispatch: Dispatch<SyncSetupAction>;
}

/** Source columns ticked to map as custom columns; saved ones stay ticked and locked. */
export function CustomColumns(props: CustomColumnsProps) {
  const { table, dispatch } = props;
  const customs = table.columns.filter((c) => c.custom);
  const ticked = new Set(customs.map((c) => c.column_name));
  const savedNames = new Set(customs.filter((c) => c.saved).map((c) => c.column_name));
  const set = (names: string[]) =>
    dispatch({ type: 'setCustomColumns', table_name: table.table_name, column_names: names });
  const toggle = (name: string, on: boolean) =>
    set(on ? [...ticked, name] : [...ticked].filter((n) => n !== name));
  const offered = props.columns.map((c) => c.column_name);
  const allTicked = offered.length > 0 && offered.every((name) => ticked.has(name));
  const someTicked = offered.some((name) => ticked.has(name));

  if (props.columns.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No columns left to map.
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      {props.selectAll ? (
        <Checkbox
          label="Select All"
          checked={allTicked}
          indeterminate={!allTicked && someTicked}
          disabled={props.disabled}
          onChange={(event) =>
            set(
              event.currentTarget.checked
                ? [...new Set([...ticked, ...offered])]
                : [...ticked].filter((name) => savedNames.has(name) || !offered.includes(name)),
            )
          }
        />
      ) : null}
      {props.columns.map((column) => {
        const mapped = table.columns.find((c) => c.custom && c.column_name === column.column_name);
        return (
          <Group key={column.column_name} justify="space-between" wrap="nowrap" gap="sm">
            <Checkbox
              label={
                <span>
                  {column.column_name}{' '}
                  <Text span size="xs" c="dimmed">
                    {column.data_type}
                    {mapped && mapped.destination_column_name !== column.column_name
                      ? ` → ${mapped.destination_column_name}`
                      : ''}
                  </Text>
                </span>
              }
              checked={ticked.has(column.column_name)}
              disabled={props.disabled || savedNames.has(column.column_name)}
              onChange={(event) => toggle(column.column_name, event.currentTarget.checked)}
            />
            {props.withPrimaryKey && mapped ? (
              <Switch
                size="sm"
                label="Primary key"
                checked={mapped.primary_key}
                disabled={props.disabled || table.saved}
                onChange={() =>
                  dispatch({
                    type: 'togglePrimaryKey',
                    table_name: table.table_name,
                    destination_column_name: mapped.destination_column_name,
                  })
                }
              />
            ) : null}
          </Group>
        );
      })}
    </Stack>
  );
}
