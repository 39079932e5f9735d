import { Group, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

export interface SearchInputProps {
  /** The placeholder and the aria label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A list's search field. */
export function SearchInput({ label, value, onChange }: SearchInputProps) {
  return (
    <TextInput
      size="sm"
      w={300}
      leftSection={<IconSearch size={16} />}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

export interface ListSearchBarProps extends SearchInputProps {
  /** How many records match; the count is hidden while unknown. */
  total: number | undefined;
  /** What one and several records are called, e.g. `['email', 'emails']`. */
  noun: readonly [one: string, many: string];
}

/** The bar above a list table: the search field, and how many records match. */
export function ListSearchBar({ total, noun, ...input }: ListSearchBarProps) {
  return (
    <Group p="md" justify="space-between">
      <SearchInput {...input} />
      {total !== undefined ? (
        <Text size="sm" c="dimmed">
          {total} {total === 1 ? noun[0] : noun[1]}
        </Text>
      ) : null}
    </Group>
  );
}
