import { notifications } from '@mantine/notifications';

/**
 * The lasting 'Campaign publish failed' toast: one at a time (a second failure replaces it), and
 * it gives way when a step's panel opens to fix what it lists, as it would otherwise cover the
 * panel's title and close button. The tabs keep their messages.
 */
export const PUBLISH_FAILED_TOAST_ID = 'campaign-publish-failed';

export function hidePublishFailedToast(): void {
  notifications.hide(PUBLISH_FAILED_TOAST_ID);
}
