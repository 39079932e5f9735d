import {
  Badge,
  Center,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconBraces, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { SavedTokenOption } from '../api/saved-tokens';
import { keepEditing } from '../utils/keep-editing';
import classes from './token-picker-modal.module.css';

export interface TokenPickerModalProps {
  opened: boolean;
  tokens: SavedTokenOption[];
  loading: boolean;
  onClose: () => void;
  onPick: (token: SavedTokenOption) => void;
}

/** Spec 2: the 'Add token' dialog: 'Search token', the saved tokens' names and types. */
export function TokenPickerModal({ opened, tokens, loading, onClose, onPick }: TokenPickerModalProps) {
  const [search, setSearch] = useState('');
  const keyword = search.trim().toLowerCase();
  const shown = keyword ? tokens.filter((token) => token.name.toLowerCase().includes(keyword)) : tokens;
  const close = () => {
    setSearch('');
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Add token"
      size="md"
      // Picking a token keeps the visual editor's text in editing, so the token goes in at its caret.
      onMouseDown={keepEditing}
    >
      <Stack gap="sm">
        <TextInput
          placeholder="Search token"
          aria-label="Search token"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        {loading ? (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        ) : shown.length === 0 ? (
          <Center py="xl">
            <Stack align="center" gap={4}>
              <IconBraces size={24} stroke={1.5} color="var(--mantine-color-gray-5)" />
              <Text size="sm" c="dimmed">
                No tokens available
              </Text>
            </Stack>
          </Center>
        ) : (
          <ScrollArea.Autosize mah={300}>
            <Stack gap={2} role="listbox" aria-label="Tokens">
              {shown.map((token) => (
                <UnstyledButton
                  key={token.name}
                  role="option"
                  aria-selected={false}
                  className={classes.option}
                  onClick={() => {
                    setSearch('');
                    onPick(token);
                  }}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={500} truncate>
                      {token.name}
                    </Text>
                    <Badge size="sm" variant="light" color="gray" radius="sm">
                      {token.return_type}
                    </Badge>
                  </Group>
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}
