import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

export interface RemoveConfirmOptions {
  title: string;
  message: ReactNode;
  /** The red button's label, e.g. "Remove" or "Delete". */
  confirmLabel: string;
  onConfirm: () => void;
}

/** Asks before removing a record, with a red confirm button and "Cancel". */
export function openRemoveConfirm({ title, message, confirmLabel, onConfirm }: RemoveConfirmOptions) {
  return modals.openConfirmModal({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: confirmLabel, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
