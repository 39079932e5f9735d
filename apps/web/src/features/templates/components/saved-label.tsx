import { Group, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { IconCircleCheck, IconPointFilled } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { relativeTime } from '../utils/relative-time';

/** Spec section 9: the template autosave label refreshes every 60 s. */
export const SAVED_LABEL_REFRESH_MS = 60_000;

/** 'Saved 5 minutes ago', or 'Unsaved changes' while the editor holds work not yet saved. */
export function SavedLabel({ savedAt, dirty, saving }: { savedAt: string; dirty: boolean; saving: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  const interval = useInterval(() => setNow(Date.now()), SAVED_LABEL_REFRESH_MS);
  useEffect(() => {
    interval.start();
    return interval.stop;
  }, []);
  // A new save shows as 'just now' at once, not at the next tick.
  useEffect(() => setNow(Date.now()), [savedAt]);

  if (saving) {
    return (
      <Text size="xs" c="dimmed" data-testid="saved-label">
        Saving…
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" data-testid="saved-label">
      {dirty ? (
        <IconPointFilled size={14} color="var(--mantine-color-orange-6)" />
      ) : (
        <IconCircleCheck size={14} color="var(--mantine-color-teal-6)" />
      )}
      <Text size="xs" c="dimmed">
        {dirty ? 'Unsaved changes' : `Saved ${relativeTime(savedAt, now)}`}
      </Text>
    </Group>
  );
}
