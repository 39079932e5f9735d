import { Badge, Button, Group, Loader, Menu, ScrollArea, Text, TextInput } from '@mantine/core';
import { FILLABLE_DEFAULT_FIELDS, personFieldPlaceholder, tokenPlaceholder } from '@meridian/contracts';
import { IconBraces, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSavedTokens } from '../api/webhooks';

/** The contact fields most payloads need; any other field can be typed as `{{ person.<field> }}`. */
const PERSON_FIELDS = FILLABLE_DEFAULT_FIELDS;

/** Offers the contact fields and the saved tokens, and hands the chosen placeholder to `onInsert`. */
export function InsertPlaceholderMenu({ onInsert }: { onInsert: (placeholder: string) => void }) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const tokens = useSavedTokens(opened);
  const needle = search.trim().toLowerCase();
  const fields = PERSON_FIELDS.filter((field) => `person.${field}`.includes(needle));
  const matching = (tokens.data ?? []).filter((token) => token.name.toLowerCase().includes(needle));

  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={300} closeOnItemClick>
      <Menu.Target>
        <Button size="compact-xs" variant="light" leftSection={<IconBraces size={14} />}>
          Insert token
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <TextInput
          size="xs"
          m={4}
          placeholder="Search token"
          aria-label="Search token"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <ScrollArea.Autosize mah={300}>
          <Menu.Label>Contact fields</Menu.Label>
          {fields.map((field) => (
            <Menu.Item key={field} onClick={() => onInsert(personFieldPlaceholder(field))}>
              <Text size="sm" ff="monospace">
                person.{field}
              </Text>
            </Menu.Item>
          ))}
          <Menu.Label>Saved tokens</Menu.Label>
          {tokens.isPending ? (
            <Group justify="center" py="xs">
              <Loader size="xs" />
            </Group>
          ) : matching.length === 0 ? (
            <Text size="xs" c="dimmed" px="sm" py={6}>
              No tokens available
            </Text>
          ) : (
            matching.map((token) => (
              <Menu.Item
                key={token.token_id}
                onClick={() => onInsert(tokenPlaceholder(token.name))}
                rightSection={
                  <Badge size="xs" variant="light" color="gray">
                    {token.return_type}
                  </Badge>
                }
              >
                <Text size="sm">{token.name}</Text>
              </Menu.Item>
            ))
          )}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
