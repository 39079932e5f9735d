import {
  AUDIENCE_EVENTS_MAX_RESULT,
  audienceEventPropertiesContract,
  audienceEventsContract,
  audienceFiltersListContract,
  audienceTableDescriptionContract,
  campaignsListAllContract,
  MAX_PAGE_SIZE,
  templatesListContract,
  type AudienceFilterType,
  type CampaignContext,
} from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export const audienceKeys = {
  all: ['audience'] as const,
  fields: (context: CampaignContext) => [...audienceKeys.all, 'fields', context] as const,
  filters: (type: AudienceFilterType, context: CampaignContext, campaignId: string | undefined) =>
    [...audienceKeys.all, 'filters', type, context, campaignId ?? null] as const,
  events: () => [...audienceKeys.all, 'events'] as const,
  properties: (event: string) => [...audienceKeys.all, 'properties', event] as const,
  templates: () => [...audienceKeys.all, 'templates'] as const,
  campaigns: () => [...audienceKeys.all, 'campaigns'] as const,
};

/** Choices change rarely while a query is built: one fetch per minute at most. */
const STALE_MS = 60_000;

export function useAudienceFields(context: CampaignContext) {
  return useQuery({
    queryKey: audienceKeys.fields(context),
    queryFn: ({ signal }) =>
      apiCall(audienceTableDescriptionContract, { campaign_context: context }, { signal }).then(
        (r) => r.columns,
      ),
    staleTime: STALE_MS,
  });
}

export function useAudienceFilters(
  filterType: AudienceFilterType,
  context: CampaignContext,
  campaignId: string | undefined,
) {
  return useQuery({
    queryKey: audienceKeys.filters(filterType, context, campaignId),
    queryFn: ({ signal }) =>
      apiCall(
        audienceFiltersListContract,
        { filter_type: filterType, campaign_context: context, campaign_id: campaignId },
        { signal },
      ).then((r) => r.filters),
    staleTime: STALE_MS,
  });
}

/** Spec 9: event names, 10000 at most; the select searches them as the user types. */
export function useAudienceEvents(enabled: boolean) {
  return useQuery({
    queryKey: audienceKeys.events(),
    queryFn: ({ signal }) =>
      apiCall(audienceEventsContract, { max_result: AUDIENCE_EVENTS_MAX_RESULT }, { signal }).then((r) =>
        r.rows.map((row) => row.event_name),
      ),
    enabled,
    staleTime: STALE_MS,
  });
}

export function useEventProperties(event: string) {
  return useQuery({
    queryKey: audienceKeys.properties(event),
    queryFn: ({ signal }) =>
      apiCall(audienceEventPropertiesContract, { event_name: event }, { signal }).then((r) => r.properties),
    enabled: event.trim() !== '',
    staleTime: STALE_MS,
  });
}

/** Templates for the marketing activity 'Template' row. */
export function useTemplateChoices(enabled: boolean) {
  return useQuery({
    queryKey: audienceKeys.templates(),
    queryFn: ({ signal }) =>
      // Spec 7: the all-templates fetch is one page of 10000.
      apiCall(templatesListContract, { page_size: MAX_PAGE_SIZE, page_number: 1 }, { signal }).then((r) =>
        r.records.map((t) => ({ value: t.template_id, label: t.name })),
      ),
    enabled,
    staleTime: STALE_MS,
  });
}

/** Campaigns for the marketing activity 'Campaign' row. */
export function useCampaignChoices(enabled: boolean) {
  return useQuery({
    queryKey: audienceKeys.campaigns(),
    queryFn: ({ signal }) =>
      apiCall(campaignsListAllContract, {}, { signal }).then((r) =>
        r.records.map((c) => ({ value: c.campaign_id, label: c.name })),
      ),
    enabled,
    staleTime: STALE_MS,
  });
}
