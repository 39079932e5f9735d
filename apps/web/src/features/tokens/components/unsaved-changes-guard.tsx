import { Button, Group, Modal, Text } from '@mantine/core';
import { useLeaveBlocker } from '@/lib/use-leave-blocker';

export interface UnsavedChangesGuardProps {
  /** Whether leaving now loses changes. */
  when: boolean;
}

/** Asks before leaving the editor with unsaved changes, in the app and when closing the tab. */
export function UnsavedChangesGuard({ when }: UnsavedChangesGuardProps) {
  const blocker = useLeaveBlocker(when);
  const open = blocker.state === 'blocked';
  return (
    <Modal opened={open} onClose={() => blocker.reset?.()} title="Unsaved changes" size="md">
      <Text size="sm">You have unsaved changes to this token. Leave without saving them?</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Stay
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </Group>
    </Modal>
  );
}
