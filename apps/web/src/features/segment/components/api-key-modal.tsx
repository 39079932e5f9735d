import { Alert, Button, Group, Modal, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CopyField } from '@/components/copy-field';
import { SetupSnippet } from './setup-snippet';

export interface ApiKeyModalProps {
  /** The new key; null keeps the modal closed. Once closed the key is gone from the page. */
  apiKey: string | null;
  host: string;
  onClose: () => void;
}

/** Shows a newly issued key, the one time it can be seen (spec 2, "Segment integration"). */
export function ApiKeyModal({ apiKey, host, onClose }: ApiKeyModalProps) {
  return (
    <Modal
      opened={apiKey !== null}
      onClose={onClose}
      size="lg"
      // A stray click outside must not lose a key that cannot be shown again.
      closeOnClickOutside={false}
      title={
        <Title order={3} fz="lg">
          Your Segment API key
        </Title>
      }
    >
      {apiKey ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            Copy this key now: it cannot be viewed again after you close this window.
          </Alert>
          <CopyField label="API key" value={apiKey} data-autofocus />
          <SetupSnippet host={host} writeKey={apiKey} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
