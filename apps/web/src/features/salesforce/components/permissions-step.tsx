import { Anchor, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import type { SalesforceConnection, SalesforcePermission, SalesforcePersonObject } from '@meridian/contracts';
import { errorMessage } from '@/lib/error-handling';
import { useRecheckPermissions } from '../api/salesforce-settings';
import { OBJECT_LABELS, permissionSentence } from '../utils/salesforce-texts';

const COLORS: Record<SalesforcePermission, string> = {
  'Read and write': 'teal',
  'Read only': 'yellow',
  'Write only': 'yellow',
  'No access to': 'red',
};

/** Wizard step 1 'Permissions and access': what the integration user may do with leads and contacts. */
export function PermissionsStep(props: {
  connection: SalesforceConnection;
  onProceed: () => void;
  onCancel: () => void;
}) {
  const recheck = useRecheckPermissions(props.connection.connection_id);
  const permissions = recheck.data ?? props.connection.permissions;
  return (
    <Stack gap="md">
      <Text size="sm">
        Meridian reads and writes Salesforce as the user who logged in. With this access it can sync:
      </Text>
      <List spacing="xs" listStyleType="none" aria-label="Permissions per object">
        {(['lead', 'contact'] as SalesforcePersonObject[]).map((object) => {
          const permission = permissions[object] ?? 'No access to';
          return (
            <List.Item key={object}>
              <Group gap="sm" wrap="nowrap">
                <Badge color={COLORS[permission]} variant="light" w={120}>
                  {OBJECT_LABELS[object].many}
                </Badge>
                <Text size="sm">{permissionSentence(permission, OBJECT_LABELS[object].many)}</Text>
              </Group>
            </List.Item>
          );
        })}
      </List>
      <Text size="sm" c="dimmed">
        Changed the user's profile in Salesforce?{' '}
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => recheck.mutate()}
          disabled={recheck.isPending}
        >
          re-check permissions
        </Anchor>
      </Text>
      {recheck.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorMessage(recheck.error)}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button onClick={props.onProceed} loading={recheck.isPending}>
          Proceed
        </Button>
      </Group>
    </Stack>
  );
}
