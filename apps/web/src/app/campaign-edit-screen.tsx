import { useSession } from '@/features/auth';
import { CampaignEditRoute } from '@/features/campaigns/routes/campaign-edit';

/** The campaign editor needs the signed-in user (whose draft it is); the auth feature owns it. */
export function CampaignEditScreen() {
  const session = useSession();
  return <CampaignEditRoute me={session.data?.account.id ?? null} />;
}
