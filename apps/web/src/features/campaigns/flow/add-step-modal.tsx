import { Modal, Stack, Text, TextInput, UnstyledButton, Group, SimpleGrid, Paper } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { type ActionType, flowStepCatalogue } from '@meridian/contracts';
import { stepIcon } from './flow-steps';

export interface AddStepModalProps {
  opened: boolean;
  onClose(): void;
  onPick(type: ActionType): void;
}

/** Spec 2: 'Add flow step' with 'Search actions' over the catalogue's groups. */
export function AddStepModal({ opened, onClose, onPick }: AddStepModalProps) {
  const [search, setSearch] = useState('');
  const groups = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return flowStepCatalogue
      .map((group) => ({
        group: group.group,
        steps: group.steps.filter((step) => step.label.toLowerCase().includes(needle)),
      }))
      .filter((group) => group.steps.length > 0);
  }, [search]);
  const close = () => {
    setSearch('');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Add flow step" size="lg">
      <Stack gap="md">
        <TextInput
          placeholder="Search actions"
          aria-label="Search actions"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        {groups.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            No flow steps match “{search.trim()}”.
          </Text>
        ) : null}
        {groups.map((group) => (
          <Stack key={group.group} gap={6}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              {group.group}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={8}>
              {group.steps.map((step) => {
                const Icon = stepIcon(step.type);
                return (
                  <Paper key={step.type} withBorder radius="md">
                    <UnstyledButton
                      w="100%"
                      p="sm"
                      onClick={() => {
                        setSearch('');
                        onPick(step.type);
                      }}
                    >
                      <Group gap="sm" wrap="nowrap">
                        <Icon size={18} color="var(--mantine-color-blue-6)" aria-hidden />
                        <Text size="sm">{step.label}</Text>
                      </Group>
                    </UnstyledButton>
                  </Paper>
                );
              })}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </Modal>
  );
}
