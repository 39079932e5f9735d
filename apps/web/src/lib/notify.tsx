import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import type { ToastSpec } from './error-handling';

/** Spec section 8: toasts auto-close after 3 s and at most 2 show at once (set on <Notifications>). */
export const TOAST_AUTO_CLOSE_MS = 3000;
export const TOAST_LIMIT = 2;

export function showToast(toast: ToastSpec & { id?: string }): void {
  const warning = toast.tone === 'warning';
  notifications.show({
    id: toast.id,
    color: warning ? 'yellow' : 'red',
    icon: warning ? <IconAlertTriangle size={18} /> : <IconX size={18} />,
    message: toast.message,
    autoClose: toast.autoClose ? TOAST_AUTO_CLOSE_MS : false,
  });
}

export function showErrorToast(message: string, options: { autoClose?: boolean; id?: string } = {}): void {
  showToast({ tone: 'error', message, autoClose: options.autoClose ?? true, id: options.id });
}

export function showSuccessToast(message: string): void {
  notifications.show({
    color: 'teal',
    icon: <IconCheck size={18} />,
    message,
    autoClose: TOAST_AUTO_CLOSE_MS,
  });
}
