import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { campaignMessages } from '@meridian/contracts';
import { protectedRoutes } from '@/app/routes';
import { PageLayout } from '@/components/layout/page-layout';
import { ListLoader } from '@/components/list-table';
import { showErrorToast } from '@/lib/notify';
import { useQueryClient } from '@tanstack/react-query';
import { campaignKeys, useCampaign } from '../api/campaigns';
import { FlowTab } from '../flow/flow-tab';

/** /campaign/edit/:id until the editor lands: the campaign's name and the way back. */
export function CampaignEditRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const campaign = useCampaign(id);
  const queryClient = useQueryClient();

  // Spec 2: missing details show the error and go back to the list.
  useEffect(() => {
    if (!campaign.isError) return;
    showErrorToast(campaignMessages.notFound);
    void navigate(protectedRoutes.campaigns.to(), { replace: true });
  }, [campaign.isError, navigate]);

  if (!campaign.data) return campaign.isError ? null : <ListLoader />;
  return (
    <PageLayout
      title={campaign.data.name}
      description={
        <Anchor component={Link} to={protectedRoutes.campaigns.to()} size="sm">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> Back to campaigns
        </Anchor>
      }
    >
      {/* Until the editor's tabs land, the page shows the flow builder alone. */}
      <FlowTab
        campaign={campaign.data}
        readOnly={false}
        showErrors={false}
        audienceCount={null}
        onEditDynamicList={() => undefined}
        onFlowSaved={() => void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(id) })}
      />
    </PageLayout>
  );
}
