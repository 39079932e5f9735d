import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  campaignCloneContract,
  campaignCreateContract,
  campaignDeleteContract,
  campaignGetContract,
  campaignsListContract,
  campaignUpdateContract,
  DEFAULT_PAGE_SIZE,
  type RequestOf,
  settingsGetContract,
} from '@meridian/contracts';
import { apiCall } from '@/lib/api-client';

export interface CampaignsQuery {
  page_number: number;
  keyword?: string;
}

export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  list: (query: CampaignsQuery) => [...campaignKeys.lists(), query] as const,
  detail: (id: string) => [...campaignKeys.all, 'detail', id] as const,
  mapping: () => [...campaignKeys.all, 'person-org-mapping'] as const,
};

export function useCampaigns(query: CampaignsQuery) {
  return useQuery({
    queryKey: campaignKeys.list(query),
    queryFn: ({ signal }) =>
      apiCall(
        campaignsListContract,
        {
          page_number: query.page_number,
          page_size: DEFAULT_PAGE_SIZE,
          query: query.keyword ? { search: { keyword: query.keyword, fields: ['name'] } } : undefined,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useCampaign(id: string) {
  return useQuery({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) =>
      apiCall(campaignGetContract, { campaign_id: id }, { signal, selfHandled: true }).then(
        (r) => r.campaign,
      ),
    retry: false,
  });
}

/** Spec 1: with the person/org mapping one_to_none there is no context to choose. */
export function useOffersContextChoice(): boolean {
  const settings = useQuery({
    queryKey: campaignKeys.mapping(),
    queryFn: ({ signal }) => apiCall(settingsGetContract, {}, { signal, selfHandled: true }),
  });
  return settings.data !== undefined && settings.data.settings.person_org_mapping !== 'one_to_none';
}

function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
}

export function useCreateCampaign() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (input: RequestOf<typeof campaignCreateContract>) => apiCall(campaignCreateContract, input),
    onSuccess: refresh,
  });
}

export function useRenameCampaign() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (input: { campaign_id: string; name: string }) => apiCall(campaignUpdateContract, input),
    onSuccess: refresh,
  });
}

export function useCloneCampaign() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (input: { campaign_id: string; name: string }) =>
      apiCall(campaignCloneContract, input, { selfHandled: true }),
    onSuccess: refresh,
  });
}

export function useDeleteCampaign() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (id: string) => apiCall(campaignDeleteContract, { campaign_id: id }),
    onSuccess: refresh,
  });
}
