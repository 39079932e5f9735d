import { Button, Center, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { isApiError } from '@/lib/api-error';
import { Link } from '@/lib/router';

/** Whether a failed read means the record is not there (404, or an id the contract refuses). */
export function isMissingRecord(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

export interface RecordUnavailableProps {
  /** What the page shows, as in 'This email is not available'. */
  what: string;
  /** The read's error: a missing record is told apart from a failed read. */
  error: unknown;
  onRetry: () => void;
  back: { to: string; label: string };
  /** The missing record's own title, when the spec names one ('Token not found'). */
  missingTitle?: string;
}

/**
 * A detail page whose record could not be shown: gone (removed, or a wrong link) is said as
 * such; a read that failed (a server error, no network) says so and offers to try again.
 */
export function RecordUnavailable({ what, error, onRetry, back, missingTitle }: RecordUnavailableProps) {
  const missing = isMissingRecord(error);
  return (
    <Center py={80}>
      <Stack align="center" gap="sm" maw={440} ta="center">
        <Text fw={600}>
          {missing ? (missingTitle ?? `This ${what} is not available`) : `This ${what} could not be loaded`}
        </Text>
        <Text size="sm" c="dimmed">
          {missing
            ? 'It may have been removed, or the link is wrong.'
            : 'Check your connection, then try again.'}
        </Text>
        <Group gap="sm" justify="center">
          {missing ? null : (
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
              Try again
            </Button>
          )}
          <Button component={Link} to={back.to} variant="subtle">
            {back.label}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
