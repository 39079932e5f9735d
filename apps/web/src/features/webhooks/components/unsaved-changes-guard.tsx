import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useLeaveBlocker } from '@/lib/use-leave-blocker';

/**
 * Leaving the page with unsaved changes asks first: in-app navigation through a dialog, closing or
 * reloading the tab through the browser's own prompt.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useLeaveBlocker(when);
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      size="md"
    >
      <Stack gap="md">
        <Text size="sm">You have unsaved changes to this webhook. If you leave now, they are lost.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            Stay on page
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Leave
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
