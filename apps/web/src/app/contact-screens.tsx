import { FullPageLoader } from '@/components/layout/full-page-loader';
import { isOrganisationAdmin, useSession } from '@/features/auth';
import { ContactDetailRoute } from '@/features/contacts/routes/contact-detail';

/*
 * The contact page's Salesforce panel remaps and resyncs only for admins (decisions "Admin-only
 * actions"), and the auth feature owns the roles: the two meet here.
 */
export function ContactDetailScreen() {
  const session = useSession();
  if (session.isPending) return <FullPageLoader />;
  return <ContactDetailRoute canChangeSync={isOrganisationAdmin(session.data)} />;
}
