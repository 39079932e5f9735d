import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Campaign,
  campaignDraftSaveContract,
  campaignDraftValidateContract,
  campaignEditStartContract,
  campaignPublishContract,
  type DraftParts,
} from '@meridian/contracts';
import { apiCall } from '@/lib/api-client';
import { campaignKeys } from '../api/campaigns';

/** Keeps the cached campaign (the header, the list) in step with what a call answered. */
export function useStoreCampaign() {
  const queryClient = useQueryClient();
  return useCallback(
    (campaign: Campaign) => {
      queryClient.setQueryData(campaignKeys.detail(campaign.campaign_id), campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
    },
    [queryClient],
  );
}

/** Spec 8: draft save errors are handled locally, so the call is self-handled. */
export function saveDraft(campaignId: string, draft: DraftParts) {
  return apiCall(campaignDraftSaveContract, { campaign_id: campaignId, draft }, { selfHandled: true });
}

export function validateDraft(campaignId: string) {
  return apiCall(campaignDraftValidateContract, { campaign_id: campaignId }, { selfHandled: true });
}

export function publishCampaign(campaignId: string, active: boolean) {
  return apiCall(campaignPublishContract, { campaign_id: campaignId, active }, { selfHandled: true });
}

export function useEditStart() {
  const store = useStoreCampaign();
  return useMutation({
    mutationFn: (campaignId: string) => apiCall(campaignEditStartContract, { campaign_id: campaignId }),
    onSuccess: (result) => store(result.campaign),
  });
}

/** After a flow/action call: the cached campaign is a draft stamped with the call's time and author. */
export function useApplyFlowSaved(campaignId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (saved: {
      flow: Record<string, unknown>;
      updated_at: string;
      updated_by: { id: string; name: string } | null;
    }) =>
      queryClient.setQueryData<Campaign>(campaignKeys.detail(campaignId), (campaign) =>
        campaign
          ? {
              ...campaign,
              draft: true,
              updated_at: saved.updated_at,
              draft_data: {
                ...(campaign.draft_data ?? {}),
                flow: saved.flow,
                updated_at: saved.updated_at,
                updated_by: saved.updated_by,
              },
            }
          : campaign,
      ),
    [queryClient, campaignId],
  );
}
