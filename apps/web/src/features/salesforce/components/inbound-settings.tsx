import { Button, Checkbox, Group, Select, Stack, Switch, Text, Title } from '@mantine/core';
import {
  salesforceMessages,
  type SalesforceConnection,
  type SalesforcePersonObject,
  type SalesforceSelectiveSync,
} from '@meridian/contracts';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-handling';
import { showSuccessToast } from '@/lib/notify';
import { useSalesforceObjects, useSaveSelectiveSync } from '../api/salesforce-settings';
import { OBJECT_LABELS, SALESFORCE_TOASTS } from '../utils/salesforce-texts';
import { canSaveSelective, clearedWhenOff } from '../utils/selective-sync';

const PERSON_OBJECTS: SalesforcePersonObject[] = ['lead', 'contact'];

/**
 * Salesforce to Meridian: selective sync per object (only records with a checkbox field ticked
 * come in; only boolean fields are offered; turning it off clears the field). Deleting people
 * with their Salesforce record is not offered yet.
 */
export function InboundSettings({
  connection,
  canEdit,
}: {
  connection: SalesforceConnection;
  canEdit: boolean;
}) {
  const objects = useSalesforceObjects(connection.connection_id);
  const save = useSaveSelectiveSync(connection.connection_id);
  const [selective, setSelective] = useState<SalesforceSelectiveSync>(connection.selective_sync);
  const booleanFields = (object: SalesforcePersonObject) =>
    (objects.data?.objects.find((o) => o.object === object)?.fields ?? [])
      .filter((field) => field.type === 'boolean' && field.access !== 'none' && field.access !== 'write_only')
      .map((field) => ({ value: field.name, label: `${field.label} (${field.name})` }));

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={4} fz="sm">
          Selective sync
        </Title>
        <Text size="sm" c="dimmed">
          Bring in only the leads or contacts whose checkbox field is ticked in Salesforce.
        </Text>
        {PERSON_OBJECTS.map((object) => {
          const entry = selective[object];
          const label = OBJECT_LABELS[object].many;
          return (
            <Group key={object} gap="md" align="flex-end" wrap="wrap">
              <Switch
                label={`Selective sync of ${label}`}
                checked={entry.active}
                disabled={!canEdit}
                onChange={(event) =>
                  setSelective({
                    ...selective,
                    [object]: clearedWhenOff({ ...entry, active: event.currentTarget.checked }),
                  })
                }
                w={220}
              />
              <Select
                label={`Checkbox field of ${label}`}
                placeholder="Choose a checkbox field"
                data={booleanFields(object)}
                value={entry.field}
                disabled={!canEdit || !entry.active}
                onChange={(field) => setSelective({ ...selective, [object]: { ...entry, field } })}
                error={entry.active && !entry.field ? salesforceMessages.selectiveFieldRequired : undefined}
                searchable
                nothingFoundMessage={`No checkbox fields on Salesforce ${label}`}
                w={280}
              />
            </Group>
          );
        })}
      </Stack>
      <Stack gap="sm">
        <Title order={4} fz="sm">
          Deleted Salesforce records
        </Title>
        <Checkbox
          label="Delete people in Meridian when their Salesforce record is deleted (coming soon)"
          checked={false}
          disabled
          readOnly
        />
      </Stack>
      {save.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorMessage(save.error)}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button
          disabled={!canEdit || !canSaveSelective(selective)}
          loading={save.isPending}
          onClick={() =>
            save.mutate(selective, { onSuccess: () => showSuccessToast(SALESFORCE_TOASTS.sync) })
          }
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
}
