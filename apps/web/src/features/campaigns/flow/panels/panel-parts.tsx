import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The empty list: the spec's message, dimmed until errors show, then red and announced. */
export function EmptyConditions({ message, error }: { message: string; error: boolean }) {
  return (
    <Text
      size="sm"
      c={error ? 'red' : 'dimmed'}
      ta="center"
      py="md"
      role={error ? 'alert' : undefined}
      style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      {message}
    </Text>
  );
}

/** A list-level message (the list is there but its step is still invalid). */
export function ListError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Text size="sm" c="red" role="alert">
      {message}
    </Text>
  );
}

export function AddButton({
  children,
  onClick,
  disabled,
}: {
  children: ReactNode;
  onClick(): void;
  disabled?: boolean;
}) {
  return (
    <Group>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} />}
        onClick={onClick}
        disabled={disabled}
      >
        {children}
      </Button>
    </Group>
  );
}

/** Loading and failure of what a panel's selects offer (fields, tokens), with a retry. */
export function SourceStatus({
  what,
  pending,
  failed,
  onRetry,
}: {
  what: string;
  pending: boolean;
  failed: boolean;
  onRetry(): void;
}) {
  if (pending)
    return (
      <Group gap="xs" c="dimmed">
        <Loader size="xs" />
        <Text size="sm">Loading {what}…</Text>
      </Group>
    );
  if (!failed) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={16} />} title={`Could not load ${what}`}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">Check your connection and try again.</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
