import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { SalesforceConnection } from '@meridian/contracts';
import { useNavigate } from '@/lib/router';
import { protectedRoutes } from '@/app/routes';
import { showSuccessToast } from '@/lib/notify';
import { useDeleteSalesforceConnection } from '../api/salesforce-connection';
import { SALESFORCE_TEXTS, SALESFORCE_TOASTS } from '../utils/salesforce-texts';

/** Spec 2 'Disconnect Salesforce': on success the unified mapping opens (spec 4). */
export function DisconnectModal(props: {
  connection: SalesforceConnection;
  opened: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteSalesforceConnection();
  const navigate = useNavigate();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={SALESFORCE_TEXTS.disconnectTitle}
      centered
      radius="lg"
    >
      <Stack gap="md">
        <Text size="sm">
          Disconnecting <strong>{props.connection.name}</strong> stops the sync both ways and signs Meridian
          out of Salesforce. People already synced stay in Meridian; Salesforce keeps its records.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(props.connection.connection_id, {
                onSuccess: () => {
                  showSuccessToast(SALESFORCE_TOASTS.deleted);
                  void navigate(protectedRoutes.crmData.to());
                },
              })
            }
          >
            {SALESFORCE_TEXTS.disconnect}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
