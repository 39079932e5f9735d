import { useDebouncedValue } from '@mantine/hooks';
import {
  audienceCountContract,
  audiencePreviewContract,
  type AudienceQuery,
  type CampaignContext,
} from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { forSend, isQueryValid } from '@/components/audience-query';
import { apiCall } from '@/lib/api-client';

export const dynamicListKeys = {
  all: (campaignId: string) => ['campaigns', 'dynamic-list', campaignId] as const,
  count: (campaignId: string, query: AudienceQuery) =>
    [...dynamicListKeys.all(campaignId), 'count', query] as const,
  preview: (campaignId: string, query: AudienceQuery | null, context: CampaignContext) =>
    [...dynamicListKeys.all(campaignId), 'preview', context, query] as const,
};

/** Edits settle before the count is asked again, so typing a value costs one count. */
export const AUDIENCE_COUNT_DEBOUNCE_MS = 1000;

export interface AudienceCount {
  /** Spec 8: a failed count, or an incomplete query, counts 0. */
  count: number;
  loading: boolean;
  refresh(): void;
}

/** How many people the campaign's dynamic list (the builder's unsaved `query`) selects. */
export function useAudienceCount(campaignId: string, query: AudienceQuery): AudienceCount {
  const [settled] = useDebouncedValue(query, AUDIENCE_COUNT_DEBOUNCE_MS);
  const valid = isQueryValid(settled);
  const sent = valid ? forSend(settled) : settled;
  const result = useQuery({
    queryKey: dynamicListKeys.count(campaignId, sent),
    queryFn: ({ signal }) =>
      apiCall(
        audienceCountContract,
        { campaign_id: campaignId, query: sent },
        { signal, selfHandled: true },
      ).then((r) => r.count),
    enabled: valid && campaignId !== '',
    retry: false,
    meta: { selfHandled: true },
  });
  return {
    count: valid && !result.isError ? (result.data ?? 0) : 0,
    loading: valid && result.isFetching,
    refresh: () => void result.refetch(),
  };
}

/** The preview of `query` (null until asked), at most 20 rows and the total. */
export function useAudiencePreview(
  campaignId: string,
  query: AudienceQuery | null,
  context: CampaignContext,
) {
  return useQuery({
    queryKey: dynamicListKeys.preview(campaignId, query, context),
    queryFn: ({ signal }) =>
      apiCall(
        audiencePreviewContract,
        { query: query ?? { conditions: [] }, campaign_context: context },
        { signal, selfHandled: true },
      ),
    enabled: query !== null,
    retry: false,
    meta: { selfHandled: true },
  });
}
