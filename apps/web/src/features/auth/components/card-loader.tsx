import { Loader, Stack, Text } from '@mantine/core';

/** A login card waiting on the server. */
export function CardLoader({ label }: { label: string }) {
  return (
    <Stack align="center" gap="md" py="xl" role="status" aria-live="polite">
      <Loader size="md" />
      <Text c="dimmed" size="sm">
        {label}
      </Text>
    </Stack>
  );
}
