import '../styles';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { salesforceMessages } from '@meridian/contracts';
import { IconClockHour4 } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-handling';
import { leaveAppFor } from '@/lib/browser-location';
import { useCreateSalesforceConnection, useSalesforceLoginUrl } from '../api/salesforce-connection';
import { rememberPendingLogin } from '../utils/pending-login';
import { SALESFORCE_TEXTS } from '../utils/salesforce-texts';

interface CreateForm {
  adminAccess: boolean;
  apiAccess: boolean;
  name: string;
}

/**
 * Spec 2 creation modal: two required confirmations, a name, then 'Save and login to Salesforce':
 * the connection is created, its id kept locally, and the browser goes to Salesforce's login.
 */
export function SalesforceCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateSalesforceConnection();
  const loginUrl = useSalesforceLoginUrl();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CreateForm>({
    initialValues: { adminAccess: false, apiAccess: false, name: 'Salesforce' },
    validate: {
      adminAccess: (value) => (value ? null : salesforceMessages.adminAccessRequired),
      apiAccess: (value) => (value ? null : salesforceMessages.apiAccessRequired),
      name: (value) =>
        value.trim() === ''
          ? salesforceMessages.nameRequired
          : value.trim().length > 255
            ? salesforceMessages.nameTooLong
            : null,
    },
  });
  const busy = create.isPending || loginUrl.isPending;
  const close = () => {
    if (busy) return;
    form.reset();
    setFailure(null);
    onClose();
  };
  const submit = form.onSubmit(async ({ name }) => {
    setFailure(null);
    try {
      const connection = await create.mutateAsync({ name: name.trim() });
      rememberPendingLogin(connection.connection_id);
      leaveAppFor(await loginUrl.mutateAsync(connection.connection_id));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Connect Salesforce" centered radius="lg" size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Alert variant="light" color="blue" icon={<IconClockHour4 size={18} aria-hidden />}>
            {SALESFORCE_TEXTS.setupTime}
          </Alert>
          <Checkbox
            label="I have administrator access to Salesforce"
            {...form.getInputProps('adminAccess', { type: 'checkbox' })}
          />
          <Checkbox
            label="My Salesforce edition has API access"
            {...form.getInputProps('apiAccess', { type: 'checkbox' })}
          />
          <TextInput label="Connection name" required maxLength={255} {...form.getInputProps('name')} />
          {failure ? (
            <Text size="sm" c="red" role="alert">
              {failure}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {SALESFORCE_TEXTS.saveAndLogin}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
