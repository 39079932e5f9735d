import { Grid, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import type { SalesforceConnection } from '@meridian/contracts';
import { IconAdjustments, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { formatTotal as formatCount } from '@/lib/format-count';
import { showSuccessToast } from '@/lib/notify';
import { useSalesforceUsage } from '../api/salesforce-settings';
import { SALESFORCE_TEXTS, SALESFORCE_TOASTS } from '../utils/salesforce-texts';
import { InboundSettings } from './inbound-settings';
import { ObjectSettingsForm } from './object-settings-form';
import { OutboundSettings } from './outbound-settings';

type Section = 'general' | 'inbound' | 'outbound';

const SECTIONS: Array<{ key: Section; label: string; icon: typeof IconAdjustments }> = [
  { key: 'general', label: SALESFORCE_TEXTS.generalSettings, icon: IconAdjustments },
  { key: 'inbound', label: SALESFORCE_TEXTS.inbound, icon: IconArrowLeft },
  { key: 'outbound', label: SALESFORCE_TEXTS.outbound, icon: IconArrowRight },
];

/** Spec 2 Sync settings: a side menu of General Settings, Salesforce to Meridian, Meridian to Salesforce. */
export function SyncSettingsTab({
  connection,
  canEdit,
}: {
  connection: SalesforceConnection;
  canEdit: boolean;
}) {
  const [section, setSection] = useState<Section>('general');
  const current = SECTIONS.find((s) => s.key === section)!;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
        <Paper p="xs" component="nav" aria-label="Sync settings">
          {SECTIONS.map(({ key, label, icon: Icon }) => (
            <NavLink
              key={key}
              component="button"
              label={label}
              leftSection={<Icon size={16} aria-hidden />}
              active={section === key}
              aria-current={section === key ? 'page' : undefined}
              onClick={() => setSection(key)}
            />
          ))}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
        <Paper p="lg" component="section" aria-labelledby="salesforce-settings-title">
          <Stack gap="md">
            <Title order={3} fz="md" id="salesforce-settings-title">
              {current.label}
            </Title>
            {section === 'general' ? (
              <>
                <ApiUsage connectionId={connection.connection_id} />
                <ObjectSettingsForm
                  key={connection.connection_id}
                  connectionId={connection.connection_id}
                  canEdit={canEdit}
                  submitLabel="Save"
                  onSaved={() => showSuccessToast(SALESFORCE_TOASTS.settings)}
                />
              </>
            ) : section === 'inbound' ? (
              <InboundSettings connection={connection} canEdit={canEdit} />
            ) : (
              <OutboundSettings connection={connection} canEdit={canEdit} />
            )}
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

/** Today's calls against the allocation, and the work the budget deferred. */
function ApiUsage({ connectionId }: { connectionId: string }) {
  const usage = useSalesforceUsage(connectionId);
  if (!usage.data) return null;
  const { count, max_allocated, deferred_calls, queued } = usage.data;
  return (
    <Text size="sm" c="dimmed" data-testid="salesforce-api-usage">
      API calls today: {formatCount(count)} of {formatCount(max_allocated)} allocated · deferred:{' '}
      {formatCount(deferred_calls)} · people waiting to sync: {formatCount(queued)}
    </Text>
  );
}
