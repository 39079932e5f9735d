import { notificationsStore, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { TOAST_LIMIT } from '@/lib/notify';

const POSITION = 'top-right';

// The store distributes toasts by its own limit and position before the stack is mounted, so it
// gets spec section 8's limit now: toasts raised before the stack's code arrives queue correctly.
notificationsStore.updateState((state) => ({ ...state, limit: TOAST_LIMIT, defaultPosition: POSITION }));

const ToastStackView = lazy(async () => ({ default: (await import('./toast-stack-view')).ToastStackView }));

/**
 * The toast stack, loaded with the first toast: no first paint shows one, and its code (the stack,
 * its transitions and swipe handling) would otherwise be part of every page's first load. A toast
 * raised earlier waits in the store and shows once the stack is there.
 */
export function ToastStack() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastStackView position={POSITION} />
    </Suspense>
  );
}
