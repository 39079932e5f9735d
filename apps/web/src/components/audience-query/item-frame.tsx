import { ActionIcon, Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { AudienceConnector } from '@meridian/contracts';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ConnectorToggle } from './connector-toggle';
import { useBuilder } from './builder-context';

export interface ItemFrameProps {
  /** Position among its siblings: the first has no connector. */
  index: number;
  connector: AudienceConnector;
  onConnectorChange(value: AudienceConnector): void;
  /** Names the item for the connector and remove controls, e.g. 'filter 2 of Group 1'. */
  name: string;
  badge?: string;
  onRemove(): void;
  error?: string;
  children: ReactNode;
  /** Inner rows sit flatter than the items of an outer group. */
  variant?: 'item' | 'row';
}

/** One item of a group: its logic gate to the item before, its controls, remove, and its message. */
export function ItemFrame(props: ItemFrameProps) {
  const { readOnly } = useBuilder();
  const {
    index,
    connector,
    onConnectorChange,
    name,
    badge,
    onRemove,
    error,
    children,
    variant = 'item',
  } = props;
  const body = (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        {badge ? (
          <Badge size="sm" variant="light" color="gray" radius="sm">
            {badge}
          </Badge>
        ) : null}
        {children}
        {error ? (
          <Text size="xs" c="red.7" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
      {readOnly ? null : (
        <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${name}`} onClick={onRemove} mt={2}>
          <IconX size={16} />
        </ActionIcon>
      )}
    </Group>
  );
  return (
    <Stack gap={6}>
      {index > 0 ? (
        <Box pl={variant === 'row' ? 0 : 'xs'}>
          <ConnectorToggle
            label={`Logic gate before ${name}`}
            value={connector}
            onChange={onConnectorChange}
            disabled={readOnly}
          />
        </Box>
      ) : null}
      {variant === 'row' ? (
        body
      ) : (
        <Paper
          withBorder
          p="sm"
          radius="md"
          style={error ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
        >
          {body}
        </Paper>
      )}
    </Stack>
  );
}
