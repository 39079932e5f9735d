import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/** A part of the page whose read failed: says so, why, and offers to ask again. */
export function FailedRead({ title, reason, retry }: { title: string; reason: string; retry: () => void }) {
  return (
    <Alert color="red" variant="light" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{reason}</Text>
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={retry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
