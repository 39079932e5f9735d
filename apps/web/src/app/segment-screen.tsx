import { FullPageLoader } from '@/components/layout/full-page-loader';
import { isOrganisationAdmin, useSession } from '@/features/auth';
import { OptOutUrlForm } from '@/features/email-settings/components/opt-out-url-form';
import { SegmentRoute } from '@/features/segment/routes/segment';

/**
 * /segment needs the viewer's role (auth) and the opt-out form (email settings); features do not
 * import each other, so they meet here.
 */
export function SegmentScreen() {
  const session = useSession();
  if (session.isPending) return <FullPageLoader />;
  const canEdit = isOrganisationAdmin(session.data);
  return (
    <SegmentRoute
      canManage={canEdit}
      host={window.location.origin}
      optOutForm={<OptOutUrlForm canEdit={canEdit} />}
    />
  );
}
