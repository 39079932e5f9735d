import {
  Badge,
  Code,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { TokenColumn, TokenFunction } from '@meridian/contracts';
import { useTokenColumns, useTokenFunctions } from '../api/tokens';
import { fieldSnippet, filterColumns, filterFunctions, insertTextOf } from '../utils/help-filter';
import classes from './function-help-panel.module.css';

export interface FunctionHelpPanelProps {
  /** Inserts a snippet at the editor's cursor. */
  onInsert: (text: string) => void;
}

type Tab = 'functions' | 'fields';

/** The function help panel (spec 2 "Tokens"): name, description, sample and syntax; click inserts. */
export function FunctionHelpPanel({ onInsert }: FunctionHelpPanelProps) {
  const [tab, setTab] = useState<Tab>('functions');
  const [search, setSearch] = useState('');
  const functions = useTokenFunctions();
  const columns = useTokenColumns();
  const shownFunctions = useMemo(
    () => filterFunctions(functions.data ?? [], search),
    [functions.data, search],
  );
  const shownColumns = useMemo(() => filterColumns(columns.data ?? [], search), [columns.data, search]);
  const loading = tab === 'functions' ? functions.isPending : columns.isPending;
  const count = tab === 'functions' ? shownFunctions.length : shownColumns.length;

  return (
    <Paper p={0} className={classes.panel} aria-label="Function help">
      <Stack gap="sm" p="md" pb="xs">
        <Group justify="space-between">
          <Text fw={650}>Help</Text>
          <Text size="xs" c="dimmed">
            Click an entry to insert it
          </Text>
        </Group>
        <SegmentedControl
          fullWidth
          size="xs"
          value={tab}
          onChange={(value) => setTab(value as Tab)}
          data={[
            { value: 'functions', label: 'Functions' },
            { value: 'fields', label: 'Person fields' },
          ]}
        />
        <TextInput
          size="xs"
          leftSection={<IconSearch size={14} />}
          placeholder={tab === 'functions' ? 'Search functions' : 'Search fields'}
          aria-label={tab === 'functions' ? 'Search functions' : 'Search fields'}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </Stack>
      <ScrollArea.Autosize mah={560} type="auto" offsetScrollbars>
        <Stack gap={0} px="xs" pb="xs">
          {loading ? (
            Array.from({ length: 5 }, (_, index) => (
              <Stack key={index} gap={6} p="sm">
                <Skeleton height={10} width="35%" radius="xl" />
                <Skeleton height={8} width="90%" radius="xl" />
              </Stack>
            ))
          ) : count === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="xl">
              {tab === 'functions' ? 'No functions match this search.' : 'No fields match this search.'}
            </Text>
          ) : tab === 'functions' ? (
            shownFunctions.map((fn) => <FunctionEntry key={fn.name} fn={fn} onInsert={onInsert} />)
          ) : (
            shownColumns.map((column) => (
              <ColumnEntry key={column.name} column={column} onInsert={onInsert} />
            ))
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}

function FunctionEntry({ fn, onInsert }: { fn: TokenFunction; onInsert: (text: string) => void }) {
  return (
    <UnstyledButton
      className={classes.entry}
      onClick={() => onInsert(insertTextOf(fn))}
      aria-label={`Insert ${fn.name}`}
      data-testid="function-entry"
    >
      <Text size="sm" fw={650} ff="monospace" c="meridian.7">
        {fn.name}
      </Text>
      <Text size="xs" c="dimmed" mt={2}>
        {fn.description}
      </Text>
      <Text size="xs" fw={600} mt={6}>
        Syntax
      </Text>
      <Code block className={classes.code}>
        {fn.syntax}
      </Code>
      {fn.sample ? (
        <>
          <Text size="xs" fw={600} mt={6}>
            Sample
          </Text>
          <Code block className={classes.code}>
            {fn.sample}
          </Code>
        </>
      ) : null}
    </UnstyledButton>
  );
}

function ColumnEntry({ column, onInsert }: { column: TokenColumn; onInsert: (text: string) => void }) {
  return (
    <UnstyledButton
      className={classes.entry}
      onClick={() => onInsert(fieldSnippet(column))}
      aria-label={`Insert ${column.display}`}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} truncate>
          {column.display}
        </Text>
        <Group gap={4} wrap="nowrap">
          {column.custom ? (
            <Badge size="xs" variant="outline" color="gray">
              custom
            </Badge>
          ) : null}
          <Badge size="xs" variant="light" color="gray">
            {column.type}
          </Badge>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" ff="monospace" mt={2}>
        {column.variable}
      </Text>
    </UnstyledButton>
  );
}
