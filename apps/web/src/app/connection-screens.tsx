import { FullPageLoader } from '@/components/layout/full-page-loader';
import { isOrganisationAdmin, useSession } from '@/features/auth';
import { ConnectionDetailRoute } from '@/features/connections/routes/connection-detail';
import { ConnectionListRoute } from '@/features/connections/routes/connection-list';
import { ConnectionsOverviewRoute } from '@/features/connections/routes/connections-overview';
import { SyncConfigurationRoute } from '@/features/connections/routes/sync-configuration';
import { CrmMappingPanel } from '@/features/crm-mapping/components/crm-mapping-panel';
import { SalesforceTileProvider } from './salesforce-screens';

/*
 * The Connections screens need the signed-in user's roles (admins change connections and syncs,
 * decisions "Admin-only actions"), which the auth feature owns: the two meet here.
 */
function useCanEdit(): boolean | null {
  const session = useSession();
  return session.isPending ? null : isOrganisationAdmin(session.data);
}

export function ConnectionListScreen() {
  const canEdit = useCanEdit();
  if (canEdit === null) return <FullPageLoader />;
  return (
    <SalesforceTileProvider>
      <ConnectionListRoute canEdit={canEdit} />
    </SalesforceTileProvider>
  );
}

export function ConnectionsOverviewScreen() {
  const canEdit = useCanEdit();
  if (canEdit === null) return <FullPageLoader />;
  // The CRM Data tab shows the same mapping as /crm-data (features meet here, not in each other).
  return (
    <SalesforceTileProvider>
      <ConnectionsOverviewRoute canEdit={canEdit} crmData={<CrmMappingPanel canEdit={canEdit} />} />
    </SalesforceTileProvider>
  );
}

export function ConnectionDetailScreen() {
  const canEdit = useCanEdit();
  return canEdit === null ? <FullPageLoader /> : <ConnectionDetailRoute canEdit={canEdit} />;
}

export function SyncConfigurationScreen() {
  const canEdit = useCanEdit();
  return canEdit === null ? <FullPageLoader /> : <SyncConfigurationRoute canEdit={canEdit} />;
}
