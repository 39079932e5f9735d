import { modals } from '@mantine/modals';
import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { useLeaveBlocker } from '@/lib/use-leave-blocker';

/** Asks before leaving the editor with unsaved changes: in-app navigation and closing the tab. */
export function useLeaveGuard(dirty: boolean) {
  const blocker = useLeaveBlocker(dirty);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modals.openConfirmModal({
      title: 'Leave without saving?',
      children: <Text size="sm">Your changes to this email have not been saved. Leave and lose them?</Text>,
      labels: { confirm: 'Leave', cancel: 'Stay' },
      confirmProps: { color: 'red' },
      onConfirm: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker]);
}
