import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { PersonLookupField, type PersonSelection } from '@/components/person-lookup';

export interface SendTestModalProps {
  opened: boolean;
  sending: boolean;
  /** Why the email cannot be sent as it is (no subject, no content), if so. */
  problem: string | null;
  onClose: () => void;
  onSend: (selection: PersonSelection) => void;
}

/** Spec 5 "Test email": sends the email as the editor holds it, personalised as the chosen person. */
export function SendTestModal({ opened, sending, problem, onClose, onSend }: SendTestModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Send test email" size="md">
      {opened ? <SendForm sending={sending} problem={problem} onCancel={onClose} onSend={onSend} /> : null}
    </Modal>
  );
}

function SendForm(props: {
  sending: boolean;
  problem: string | null;
  onCancel: () => void;
  onSend: (selection: PersonSelection) => void;
}) {
  const [selection, setSelection] = useState<PersonSelection | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (selection) props.onSend(selection);
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The email goes to this contact, with tokens and fields filled in as they would receive it.
        </Text>
        <PersonLookupField onChange={setSelection} autoFocus />
        {props.problem ? (
          <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />}>
            {props.problem}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!selection || props.problem !== null} loading={props.sending}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
