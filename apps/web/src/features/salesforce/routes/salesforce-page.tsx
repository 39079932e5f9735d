import '../styles';
import { Alert, Button, Group, Paper, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import type { SalesforceConnection } from '@meridian/contracts';
import { IconAlertTriangle, IconCloud, IconPlayerPause, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from '@/lib/router';
import { protectedRoutes } from '@/app/routes';
import { EmptyState } from '@/components/empty-state';
import { PageLayout } from '@/components/layout/page-layout';
import { ListLoader } from '@/components/list-table';
import { errorMessage } from '@/lib/error-handling';
import { formatDateTime } from '@/lib/format-date';
import { useSalesforceConnection } from '../api/salesforce-connection';
import { AdminOnly } from '../components/admin-only';
import { SalesforceCreateModal } from '../components/salesforce-create-modal';
import { SetupWizard } from '../components/setup-wizard';
import { SyncHeaderActions, useSyncSwitchAction } from '../components/sync-header-actions';
import { SyncHealthTab } from '../components/sync-health-tab';
import { SyncHistoryTab } from '../components/sync-history-tab';
import { SyncSettingsTab } from '../components/sync-settings-tab';
import { SALESFORCE_TEXTS } from '../utils/salesforce-texts';
import { closedWizard, initialWizardView, type WizardView } from '../utils/setup-wizard-state';
import { isSyncPaused } from '../utils/sync-switch';

/**
 * /salesforce and /salesforce/:id (spec 2 "Salesforce page"). Without an id it opens the
 * organisation's connection, or offers to connect one. `unavailable`: why no Salesforce can be
 * connected here (no connected app configured), or null.
 */
export function SalesforceRoute({
  canEdit,
  unavailable = null,
}: {
  canEdit: boolean;
  unavailable?: string | null;
}) {
  const { id } = useParams();
  const [search] = useSearchParams();
  const connection = useSalesforceConnection(id ?? null);
  if (connection.isPending) {
    return (
      <PageLayout title="Salesforce">
        <ListLoader />
      </PageLayout>
    );
  }
  if (connection.isError || (id && !connection.data)) {
    return (
      <PageLayout title="Salesforce">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="This connection could not be loaded"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {connection.isError ? errorMessage(connection.error) : 'Salesforce connection not found'}
            </Text>
            <Button
              component={Link}
              to={protectedRoutes.connections.to()}
              size="xs"
              variant="white"
              color="red"
            >
              Back to data connections
            </Button>
          </Stack>
        </Alert>
      </PageLayout>
    );
  }
  if (!connection.data) return <NoConnection canEdit={canEdit} unavailable={unavailable} />;
  if (!id) {
    const query = search.toString();
    const to = protectedRoutes.salesforceDetail.to({ id: connection.data.connection_id });
    return <Navigate to={query ? `${to}?${query}` : to} replace />;
  }
  return (
    <SalesforcePage key={connection.data.connection_id} connection={connection.data} canEdit={canEdit} />
  );
}

function NoConnection({ canEdit, unavailable }: { canEdit: boolean; unavailable: string | null }) {
  const [search] = useSearchParams();
  const [adding, setAdding] = useState(canEdit && !unavailable && search.get('add') === 'true');
  return (
    <PageLayout title="Salesforce">
      <Paper p="md">
        <EmptyState
          icon={<IconCloud size={22} stroke={1.6} />}
          title="Salesforce is not connected"
          hint={unavailable ?? 'Connect your Salesforce org to sync leads and contacts both ways.'}
          action={
            <AdminOnly canEdit={canEdit}>
              <Button
                leftSection={<IconPlus size={16} />}
                disabled={!canEdit || unavailable !== null}
                onClick={() => setAdding(true)}
              >
                Connect Salesforce
              </Button>
            </AdminOnly>
          }
        />
      </Paper>
      <SalesforceCreateModal opened={adding} onClose={() => setAdding(false)} />
    </PageLayout>
  );
}

function SalesforcePage({ connection, canEdit }: { connection: SalesforceConnection; canEdit: boolean }) {
  const [search, setSearch] = useSearchParams();
  // Decided once per visit: the setup opens by itself only when the page opens.
  const [wizard, setWizard] = useState<WizardView>(() =>
    canEdit ? initialWizardView(connection, search.get('permission') === 'true') : closedWizard,
  );
  useEffect(() => {
    // ?permission=true has opened step 1; a reload must not open it again.
    if (search.has('permission')) setSearch({}, { replace: true });
  }, [search, setSearch]);

  return (
    <PageLayout
      title={connection.name}
      description={
        <Group gap={6} component="span">
          <ThemeIcon size={20} radius="sm" variant="light" color="blue" component="span">
            <IconCloud size={14} aria-hidden />
          </ThemeIcon>
          <span>
            Salesforce
            {connection.instance_url ? ` · ${connection.instance_url.replace(/^https?:\/\//, '')}` : ''}
          </span>
        </Group>
      }
      actions={<SyncHeaderActions connection={connection} canEdit={canEdit} />}
    >
      {isSyncPaused(connection) ? <PausedBanner connection={connection} canEdit={canEdit} /> : null}
      {!connection.setup_complete && wizard.kind === 'closed' && canEdit ? (
        <Alert variant="light" color="blue">
          <Text size="sm" fw={600}>
            Setup is not finished
          </Text>
          <Group justify="space-between" gap="sm">
            <Text size="sm">Choose how the sync starts to finish connecting Salesforce.</Text>
            <Button size="xs" onClick={() => setWizard(initialWizardView(connection, false))}>
              Continue setup
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Tabs defaultValue="history" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="history">Sync history</Tabs.Tab>
          <Tabs.Tab value="health">Sync health</Tabs.Tab>
          <Tabs.Tab value="settings">Sync settings</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="history" pt="lg">
          <SyncHistoryTab connectionId={connection.connection_id} />
        </Tabs.Panel>
        <Tabs.Panel value="health" pt="lg">
          <SyncHealthTab connectionId={connection.connection_id} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="lg">
          <SyncSettingsTab connection={connection} canEdit={canEdit} />
        </Tabs.Panel>
      </Tabs>
      {canEdit ? <SetupWizard connection={connection} view={wizard} onView={setWizard} /> : null}
    </PageLayout>
  );
}

/** Spec 2: the paused banner, with 'Resume sync'. */
function PausedBanner({ connection, canEdit }: { connection: SalesforceConnection; canEdit: boolean }) {
  const sync = useSyncSwitchAction(connection.connection_id);
  return (
    <Alert color="yellow" variant="light" icon={<IconPlayerPause size={18} aria-hidden />} role="status">
      {/* A title in the text's own colour: the alert's yellow title text is too faint to read. */}
      <Text size="sm" fw={600}>
        Sync paused
      </Text>
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {connection.error
            ? `Paused${connection.error_time ? ` since ${formatDateTime(connection.error_time)}` : ''}: ${connection.error}`
            : 'Nothing is read from or written to Salesforce until the sync resumes.'}
        </Text>
        <AdminOnly canEdit={canEdit}>
          <Button size="xs" disabled={!canEdit} loading={sync.pending} onClick={() => sync.run('resume')}>
            {SALESFORCE_TEXTS.resumeSync}
          </Button>
        </AdminOnly>
      </Group>
    </Alert>
  );
}
