import { Group, Loader, Switch, Text } from '@mantine/core';
import { showSuccessToast } from '@/lib/notify';
import { useSubscriptionStatus } from '../api/get-contact';
import { CONTACT_MESSAGES, useToggleSubscription } from '../api/update-contact';

/** Subscribed or unsubscribed, with an updating spinner while the toggle runs. */
export function SubscriptionSwitch({ contactId }: { contactId: string }) {
  const status = useSubscriptionStatus(contactId);
  const toggle = useToggleSubscription(contactId);
  const subscribed = status.data ? !status.data.unsubscribed : false;
  const busy = status.isPending || toggle.isPending;
  if (status.isPending) {
    return (
      <Group gap={6} wrap="nowrap">
        <Loader size={14} />
        <Text size="sm" c="dimmed">
          Loading subscription…
        </Text>
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Switch
        checked={subscribed}
        disabled={busy || status.isError}
        onChange={() =>
          toggle.mutate(undefined, {
            onSuccess: () => showSuccessToast(CONTACT_MESSAGES.subscriptionUpdated),
          })
        }
        label={subscribed ? 'Subscribed' : 'Unsubscribed'}
        aria-label="Email subscription"
        color="teal"
      />
      {toggle.isPending ? (
        <Group gap={6} wrap="nowrap" data-testid="subscription-updating">
          <Loader size={14} />
          <Text size="xs" c="dimmed">
            Updating…
          </Text>
        </Group>
      ) : null}
    </Group>
  );
}
