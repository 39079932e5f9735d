import { Button, Checkbox, Fieldset, Group, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { checkMaxAllocated, type SalesforceObject, type SalesforceObjectSettings } from '@meridian/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { errorMessage } from '@/lib/error-handling';
import { useSalesforceObjects, useSaveGeneralSettings } from '../api/salesforce-settings';

const OBJECTS: Array<{ key: SalesforceObject; label: string; later?: boolean }> = [
  { key: 'lead', label: 'Leads' },
  { key: 'contact', label: 'Contacts' },
  // Spec: accounts and opportunities are flags only; nothing syncs them yet.
  { key: 'account', label: 'Accounts', later: true },
  { key: 'opportunity', label: 'Opportunities', later: true },
];

export const NO_OBJECT_CHOSEN = 'Choose Leads, Contacts or both to sync';

/**
 * The objects to sync and the daily API allocation (capped at the org's daily limit): wizard
 * step 2 and the General Settings of the settings tab save the same two things.
 */
export function ObjectSettingsForm(props: {
  connectionId: string;
  canEdit: boolean;
  submitLabel: string;
  onSaved: () => void;
  secondary?: ReactNode;
}) {
  const objects = useSalesforceObjects(props.connectionId);
  const save = useSaveGeneralSettings(props.connectionId);
  const [settings, setSettings] = useState<SalesforceObjectSettings | null>(null);
  const [allocation, setAllocation] = useState<string | number>('');
  const [errors, setErrors] = useState<{ objects?: string; allocation?: string; form?: string }>({});

  useEffect(() => {
    if (!objects.data || settings) return;
    setSettings(objects.data.object_settings);
    setAllocation(objects.data.sync_settings.max_allocated);
  }, [objects.data, settings]);

  if (!objects.data || !settings) {
    return objects.isError ? (
      <Text size="sm" c="red" role="alert">
        {errorMessage(objects.error)}
      </Text>
    ) : (
      <Stack gap="sm" aria-busy="true">
        <Skeleton h={24} />
        <Skeleton h={24} />
        <Skeleton h={36} />
      </Stack>
    );
  }
  const orgMax = objects.data.sync_settings.org_daily_max;
  const available = (key: SalesforceObject) =>
    objects.data.objects.find((o) => o.object === key)?.available ?? true;

  const submit = () => {
    const next = {
      objects: settings.lead || settings.contact ? undefined : NO_OBJECT_CHOSEN,
      allocation: checkMaxAllocated(allocation, orgMax) ?? undefined,
    };
    setErrors(next);
    if (next.objects || next.allocation) return;
    save.mutate(
      { object_settings: settings, max_allocated: Number(allocation) },
      { onSuccess: props.onSaved, onError: (error) => setErrors({ form: errorMessage(error) }) },
    );
  };

  return (
    <Stack gap="md">
      <Fieldset legend="Objects to sync" variant="unstyled">
        <Text size="xs" c="dimmed">
          Leads and contacts sync both ways with your people.
        </Text>
        <Stack gap="xs" mt="xs">
          {OBJECTS.map(({ key, label, later }) => (
            <Checkbox
              key={key}
              label={later ? `${label} (coming soon)` : label}
              checked={settings[key]}
              disabled={!props.canEdit || later || !available(key)}
              onChange={(event) => setSettings({ ...settings, [key]: event.currentTarget.checked })}
            />
          ))}
        </Stack>
        {errors.objects ? (
          <Text size="xs" c="red" mt={4} role="alert">
            {errors.objects}
          </Text>
        ) : null}
      </Fieldset>
      <NumberInput
        label="API allocation"
        description={
          orgMax === null
            ? 'Salesforce API calls Meridian may use each day.'
            : `Salesforce API calls Meridian may use each day, at most your org's ${orgMax.toLocaleString('en-US')}.`
        }
        min={1}
        max={orgMax ?? undefined}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        value={allocation}
        onChange={setAllocation}
        error={errors.allocation}
        disabled={!props.canEdit}
        maw={320}
      />
      {errors.form ? (
        <Text size="sm" c="red" role="alert">
          {errors.form}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        {props.secondary}
        <Button onClick={submit} loading={save.isPending} disabled={!props.canEdit}>
          {props.submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}
