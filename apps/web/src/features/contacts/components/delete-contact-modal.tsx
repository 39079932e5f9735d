import { Alert, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmsEmail } from '../utils/validation';

export interface DeleteContactModalProps {
  opened: boolean;
  email: string;
  deleting: boolean;
  onClose: () => void;
  onConfirm: (email: string) => void;
}

/** Deleting a contact is confirmed by typing its email. */
export function DeleteContactModal({ opened, email, deleting, onClose, onConfirm }: DeleteContactModalProps) {
  const [typed, setTyped] = useState('');
  const close = () => {
    setTyped('');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Delete contact" size="md">
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          The contact, its field values and its list memberships are removed. This cannot be undone.
        </Alert>
        <Text size="sm">
          Type <Code>{email}</Code> to confirm.
        </Text>
        <TextInput
          aria-label="Contact email"
          placeholder={email}
          value={typed}
          data-autofocus
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={!confirmsEmail(typed, email)}
            loading={deleting}
            onClick={() => onConfirm(typed.trim())}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
