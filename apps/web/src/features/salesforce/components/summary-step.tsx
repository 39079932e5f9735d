import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { unifiedMappingMessages } from '@meridian/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { SALESFORCE_TEXTS } from '../utils/salesforce-texts';

export type SetupChoice = 'recommended' | 'custom';

/**
 * Wizard step 3, the summary: Recommended Settings (auto-map the fields and start the sync now)
 * or Custom Settings (map the fields yourself, start the sync later).
 */
export function SummaryStep(props: { busy: boolean; onStartSync: () => void; onFinishLater: () => void }) {
  const [choice, setChoice] = useState<SetupChoice>('recommended');
  return (
    <Stack gap="md">
      <Radio.Group
        value={choice}
        onChange={(value) => setChoice(value as SetupChoice)}
        label="How do you want to finish the setup?"
      >
        <Stack gap="sm" mt="xs">
          <Radio.Card value="recommended" p="md" radius="md" aria-label={SALESFORCE_TEXTS.recommended}>
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator />
              <Stack gap={2}>
                <Text fw={600}>{SALESFORCE_TEXTS.recommended}</Text>
                <Text size="sm" c="dimmed">
                  Meridian maps Salesforce lead and contact fields to person fields with the same name, and
                  starts the sync now. You can change the mapping at any time.
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
          <Radio.Card value="custom" p="md" radius="md" aria-label={SALESFORCE_TEXTS.custom}>
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator />
              <Stack gap={2}>
                <Text fw={600}>{SALESFORCE_TEXTS.custom}</Text>
                <Text size="sm" c="dimmed">
                  Map the fields yourself in CRM data mapping and start the sync later from this page.
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        </Stack>
      </Radio.Group>
      <Group justify="flex-end" gap="sm">
        {choice === 'recommended' ? (
          <Button onClick={props.onStartSync} loading={props.busy}>
            {SALESFORCE_TEXTS.startSync}
          </Button>
        ) : (
          <Button onClick={props.onFinishLater} loading={props.busy}>
            {SALESFORCE_TEXTS.finishLater}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * Step 4, override: the email key has no Salesforce source yet. Auto-map sets it (Email of leads
 * and contacts) and replaces this connection's current mapping; the user agrees before it runs.
 */
export function OverrideStep(props: { onBack: () => void; onContinue: () => void }) {
  return (
    <Stack gap="md">
      <Text size="sm">
        Meridian matches Salesforce leads and contacts to people by email, and the email field has no
        Salesforce source yet. Auto-map maps the Email field of leads and contacts to it, with the other
        fields of the same name.
      </Text>
      <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
        {unifiedMappingMessages.autoMapNote}
      </Alert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={props.onBack}>
          Back
        </Button>
        <Button onClick={props.onContinue}>Override and continue</Button>
      </Group>
    </Stack>
  );
}

/** The last question before a recommended setup starts syncing. */
export function StartNowConfirm(props: { busy: boolean; onBack: () => void; onConfirm: () => void }) {
  return (
    <Stack gap="md">
      <Text size="sm">
        The first sync reads your leads and contacts into Meridian and writes changed people back to
        Salesforce.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={props.onBack} disabled={props.busy}>
          Back
        </Button>
        <Button onClick={props.onConfirm} loading={props.busy}>
          {SALESFORCE_TEXTS.startSyncNow}
        </Button>
      </Group>
    </Stack>
  );
}
