import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from '@/lib/notify';

/** The mounted stack, a module of its own so its code splits from the store the first load keeps. */
export function ToastStackView({ position }: { position: 'top-right' }) {
  return (
    <Notifications position={position} limit={TOAST_LIMIT} autoClose={TOAST_AUTO_CLOSE_MS} zIndex={1000} />
  );
}
