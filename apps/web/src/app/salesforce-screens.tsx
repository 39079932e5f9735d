import { salesforceMessages } from '@meridian/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { FullPageLoader } from '@/components/layout/full-page-loader';
import { isOrganisationAdmin, useSession } from '@/features/auth';
import { useIntegrationConstants } from '@/features/connections/api/connections';
import { CrmTilesContext } from '@/features/connections/components/crm-tiles-context';
import { SalesforceCreateModal } from '@/features/salesforce/components/salesforce-create-modal';
import { useSalesforceTileReason } from '@/features/salesforce/components/salesforce-tile';
import { SalesforceOAuthCompleteRoute } from '@/features/salesforce/routes/oauth-complete';
import { SalesforceRoute } from '@/features/salesforce/routes/salesforce-page';

/** The Salesforce page needs the viewer's role (admins connect, set up and switch the sync). */
export function SalesforceScreen() {
  const session = useSession();
  const constants = useIntegrationConstants();
  if (session.isPending) return <FullPageLoader />;
  // Without a connected app the creation would only fail after the form: say so up front.
  const unavailable = constants.data?.salesforce_enabled === false ? salesforceMessages.notConfigured : null;
  return <SalesforceRoute canEdit={isOrganisationAdmin(session.data)} unavailable={unavailable} />;
}

export function SalesforceOAuthCompleteScreen() {
  return <SalesforceOAuthCompleteRoute />;
}

/**
 * The Add Connections dialog's Salesforce tile (connections feature) opens the creation modal
 * (salesforce feature): they meet here.
 */
export function SalesforceTileProvider({ children }: { children: ReactNode }) {
  const [creating, setCreating] = useState(false);
  const constants = useIntegrationConstants();
  const disabledReason = useSalesforceTileReason(constants.data?.salesforce_enabled);
  const tiles = useMemo(
    () => ({ salesforce: { disabledReason, open: () => setCreating(true) } }),
    [disabledReason],
  );
  return (
    <CrmTilesContext.Provider value={tiles}>
      {children}
      <SalesforceCreateModal opened={creating} onClose={() => setCreating(false)} />
    </CrmTilesContext.Provider>
  );
}
