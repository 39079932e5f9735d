import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A form-level error from the server, shown above the fields. */
export function FormAlert({ message, onClose }: { message: string | null; onClose?: () => void }) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      icon={<IconAlertCircle size={18} />}
      withCloseButton={Boolean(onClose)}
      onClose={onClose}
      closeButtonLabel="Dismiss"
      data-testid="form-alert"
    >
      {message}
    </Alert>
  );
}
