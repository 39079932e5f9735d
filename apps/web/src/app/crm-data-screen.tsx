import { FullPageLoader } from '@/components/layout/full-page-loader';
import { isOrganisationAdmin, useSession } from '@/features/auth';
import { CrmDataRoute } from '@/features/crm-mapping/routes/crm-data';

/** /crm-data needs the viewer's role (auth): admins change the mapping (decisions "Admin-only actions"). */
export function CrmDataScreen() {
  const session = useSession();
  if (session.isPending) return <FullPageLoader />;
  return <CrmDataRoute canEdit={isOrganisationAdmin(session.data)} />;
}
