import '../styles';
import { useEffect } from 'react';
import { useNavigate, useParams } from '@/lib/router';
import { campaignMessages } from '@meridian/contracts';
import { protectedRoutes } from '@/app/routes';
import { ListLoader } from '@/components/list-table';
import { showErrorToast } from '@/lib/notify';
import { useCampaign } from '../api/campaigns';
import { CampaignEditor } from '../editor/campaign-editor';

/** /campaign/edit/:id: the campaign editor; `me` is the signed-in account (for 'by {name}'). */
export function CampaignEditRoute({ me = null }: { me?: string | null }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const campaign = useCampaign(id);

  // Spec 2: missing details show the error and go back to the list.
  useEffect(() => {
    if (!campaign.isError) return;
    showErrorToast(campaignMessages.notFound);
    void navigate(protectedRoutes.campaigns.to(), { replace: true });
  }, [campaign.isError, navigate]);

  if (!campaign.data) return campaign.isError ? null : <ListLoader />;
  // Keyed by id: another campaign starts with a fresh editor state.
  return <CampaignEditor key={campaign.data.campaign_id} stored={campaign.data} me={me} />;
}
