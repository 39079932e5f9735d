import '../styles';
import { Button, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from '@/lib/router';
import { type Campaign, campaignMessages, cloneCampaignName } from '@meridian/contracts';
import { protectedRoutes } from '@/app/routes';
import { PageLayout } from '@/components/layout/page-layout';
import {
  ListSearchBar,
  openRemoveConfirm,
  useAddParam,
  useDebouncedSearchPaging,
} from '@/components/list-page';
import { ListPagination } from '@/components/pagination';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import {
  useCampaigns,
  useCloneCampaign,
  useCreateCampaign,
  useDeleteCampaign,
  useOffersContextChoice,
  useRenameCampaign,
} from '../api/campaigns';
import { CampaignNameModal } from '../components/campaign-name-modal';
import { CampaignsTable } from '../components/campaigns-table';

type Naming = { action: 'Rename' | 'Clone'; campaign: Campaign } | null;

/** /campaigns: the organisation's campaigns (spec 2). */
export function CampaignsRoute() {
  const navigate = useNavigate();
  const { page, setPage, search, keyword, changeSearch } = useDebouncedSearchPaging();
  const campaigns = useCampaigns({ page_number: page, keyword: keyword || undefined });
  const chooseContext = useOffersContextChoice();
  const create = useCreateCampaign();
  const rename = useRenameCampaign();
  const clone = useCloneCampaign();
  const remove = useDeleteCampaign();
  const [naming, setNaming] = useState<Naming>(null);
  // Spec 8: a failed list fetch sets the page count to 0.
  const totalPages = campaigns.isError ? 0 : (campaigns.data?.page_count ?? 0);
  const open = (id: string) => void navigate(protectedRoutes.campaignEdit.to({ id }));
  // Spec 2: `?add=true` opens the create dialog.
  const [createOpen, setCreateOpen] = useAddParam();

  const confirmRemove = (campaign: Campaign) =>
    openRemoveConfirm({
      title: 'Remove campaign',
      message: campaignMessages.deleteConfirm,
      confirmLabel: 'Remove',
      onConfirm: () =>
        remove.mutate(campaign.campaign_id, { onSuccess: () => showSuccessToast(campaignMessages.removed) }),
    });

  const submitNaming = (name: string) => {
    if (!naming) return;
    const id = naming.campaign.campaign_id;
    const done = (message: string) => () => {
      showSuccessToast(message);
      setNaming(null);
    };
    if (naming.action === 'Rename') {
      rename.mutate({ campaign_id: id, name }, { onSuccess: done(campaignMessages.updated) });
    } else {
      clone.mutate(
        { campaign_id: id, name },
        {
          onSuccess: done(campaignMessages.cloned),
          onError: () => showErrorToast(campaignMessages.cloneFailed),
        },
      );
    }
  };

  return (
    <PageLayout
      title="Campaigns"
      description="Who hears from you, what they get and when."
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreateOpen(true)}>
          New Campaign
        </Button>
      }
    >
      <Paper p={0}>
        <ListSearchBar
          label="Search campaigns"
          value={search}
          onChange={changeSearch}
          total={campaigns.data?.total_count}
          noun={['campaign', 'campaigns']}
        />
        <CampaignsTable
          records={campaigns.isError ? [] : (campaigns.data?.records ?? [])}
          // A page past the end of a list that has campaigns is on its way back to the last page.
          loading={
            campaigns.isPending || (campaigns.data?.records.length === 0 && campaigns.data.total_count > 0)
          }
          failed={campaigns.isError ? { retry: () => void campaigns.refetch() } : null}
          searching={keyword !== ''}
          onOpen={(campaign) => open(campaign.campaign_id)}
          onCreate={() => setCreateOpen(true)}
          onClone={(campaign) => setNaming({ action: 'Clone', campaign })}
          onRename={(campaign) => setNaming({ action: 'Rename', campaign })}
          onRemove={confirmRemove}
        />
        <ListPagination page={page} totalPages={totalPages} onChange={setPage} />
      </Paper>
      <CampaignNameModal
        opened={createOpen}
        action="New"
        chooseContext={chooseContext}
        saving={create.isPending}
        onClose={() => setCreateOpen(false)}
        onSubmit={(name, context) =>
          create.mutate(
            // Without a choice (one_to_none) every campaign is about persons.
            { name, campaign_context: chooseContext ? context : 'person' },
            {
              onSuccess: ({ campaign }) => {
                showSuccessToast(campaignMessages.added);
                open(campaign.campaign_id);
              },
            },
          )
        }
      />
      <CampaignNameModal
        opened={naming !== null}
        action={naming?.action ?? 'Rename'}
        initialName={
          naming?.action === 'Clone' ? cloneCampaignName(naming.campaign.name) : (naming?.campaign.name ?? '')
        }
        saving={rename.isPending || clone.isPending}
        onClose={() => setNaming(null)}
        onSubmit={submitNaming}
      />
    </PageLayout>
  );
}
