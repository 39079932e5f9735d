import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ServiceDescription, WarehouseConnection } from '@meridian/contracts';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage, fieldErrorsOf } from '@/lib/error-handling';
import { formatDateTime } from '@/lib/format-date';
import { showSuccessToast } from '@/lib/notify';
import { useUpdateConnection } from '../api/connections';
import {
  connectionChanges,
  formFields,
  toConnectionForm,
  type ConnectionFormValues,
} from '../utils/connection-form';
import { AdminOnly } from './admin-only';
import { ConnectionForm } from './connection-form';

/** Spec 8: the update toast, word for word. */
export const CONNECTION_UPDATED = 'Connection Update Successfully';

/** The Connection details tab: the stored fields (never the password) and Edit Connection. */
export function ConnectionDetailsTab(props: {
  connection: WarehouseConnection;
  service: ServiceDescription | undefined;
  canEdit: boolean;
}) {
  const { connection, service } = props;
  const [editing, setEditing] = useState(false);
  const shown = service
    ? formFields(service)
        .filter((field) => field.key !== 'password')
        .map((field) => ({ label: field.label, value: valueOf(connection, field.key) }))
    : [];
  return (
    <Paper p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={3} fz="md">
            Connection details
          </Title>
          <AdminOnly canEdit={props.canEdit}>
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              disabled={!props.canEdit || !service}
              onClick={() => setEditing(true)}
            >
              Edit Connection
            </Button>
          </AdminOnly>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {[
            ...shown,
            { label: 'Password', value: '••••••••' },
            { label: 'Schema', value: connection.schema_name ?? 'Not chosen' },
            { label: 'Created', value: formatDateTime(connection.time_created) },
          ].map((item) => (
            <Stack gap={2} key={item.label}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {item.label}
              </Text>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {item.value || '—'}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
      {service ? (
        <EditConnectionModal
          opened={editing}
          connection={connection}
          service={service}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </Paper>
  );
}

function valueOf(connection: WarehouseConnection, key: string): string {
  const value = (connection as unknown as Record<string, unknown>)[key];
  return value === null || value === undefined ? '' : String(value);
}

function EditConnectionModal(props: {
  opened: boolean;
  connection: WarehouseConnection;
  service: ServiceDescription;
  onClose: () => void;
}) {
  const update = useUpdateConnection();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const initial = toConnectionForm(props.connection);
  const close = () => {
    setServerError(null);
    setServerErrors({});
    props.onClose();
  };
  const submit = (values: ConnectionFormValues) => {
    const changes = connectionChanges(values, initial, props.service);
    if (Object.keys(changes).length === 0) return close();
    setServerError(null);
    update.mutate(
      { connection_id: props.connection.id, ...changes },
      {
        onSuccess: () => {
          showSuccessToast(CONNECTION_UPDATED);
          close();
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setServerErrors(fields);
          if (Object.keys(fields).length === 0) setServerError(errorMessage(error));
        },
      },
    );
  };
  return (
    <Modal opened={props.opened} onClose={close} title="Edit Connection" size="lg" centered radius="lg">
      {props.opened ? (
        <ConnectionForm
          service={props.service}
          initial={initial}
          saving={update.isPending}
          serverErrors={serverErrors}
          serverError={serverError}
          onSubmit={submit}
          onCancel={close}
        />
      ) : null}
    </Modal>
  );
}
