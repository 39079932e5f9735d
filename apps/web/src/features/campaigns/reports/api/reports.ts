import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SIZE,
  type RecipientReportKind,
  reportRecipientContracts,
  reportStatsAggregateContract,
  reportStatsListContract,
  reportTemplatesListContract,
  reportTopEmailClientClickContract,
  reportTopEmailClientOpenContract,
  reportTopLinkContract,
} from '@meridian/contracts';
import { apiCall } from '@/lib/api-client';
import { type EmailClientKind, type ReportQuery, reportKeys } from './report-keys';

/** Spec 9 page sizes: the top links short list and the email-client report. */
export const TOP_LINKS_SHORT_LIST = 5;
export const EMAIL_CLIENT_PAGE_SIZE = 1000;

// Each report panel shows its own error state with a retry: shared toasts would repeat it once
// per panel. The campaign page's own calls still catch an expired session.
const selfHandled = { selfHandled: true } as const;
const meta = selfHandled;

/**
 * Spec 2/decisions: the Reports tab shows once the campaign has at least one run. A failed
 * check hides the tab rather than showing an error on a page whose other tabs work.
 */
export function useHasReportHistory(campaignId: string, enabled: boolean) {
  const history = useQuery({
    queryKey: reportKeys.history(campaignId),
    queryFn: ({ signal }) =>
      apiCall(
        reportStatsListContract,
        { campaign_id: campaignId, page_size: 1, page_number: 1 },
        { signal, ...selfHandled },
      ),
    enabled,
    retry: false,
    meta,
  });
  return (history.data?.total_count ?? 0) > 0;
}

export function useReportTemplates(campaignId: string) {
  return useQuery({
    queryKey: reportKeys.templates(campaignId),
    queryFn: ({ signal }) =>
      apiCall(reportTemplatesListContract, { campaign_id: campaignId }, { signal, ...selfHandled }),
    select: (data) => data.templates,
    meta,
  });
}

export function useReportStats(query: ReportQuery) {
  return useQuery({
    queryKey: reportKeys.stats(query),
    queryFn: ({ signal }) => apiCall(reportStatsAggregateContract, query, { signal, ...selfHandled }),
    select: (data) => data.stats,
    placeholderData: keepPreviousData,
    meta,
  });
}

export function useReportRuns(query: ReportQuery, page: number, hideEmpty: boolean) {
  return useQuery({
    queryKey: reportKeys.runs(query, page, hideEmpty),
    queryFn: ({ signal }) =>
      apiCall(
        reportStatsListContract,
        { ...query, page_number: page, page_size: DEFAULT_PAGE_SIZE, show_non_empty_runs: hideEmpty },
        { signal, ...selfHandled },
      ),
    placeholderData: keepPreviousData,
    meta,
  });
}

export function useTopLinks(query: ReportQuery, page: number, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: reportKeys.links(query, page, pageSize),
    queryFn: ({ signal }) =>
      apiCall(
        reportTopLinkContract,
        { ...query, page_number: page, page_size: pageSize },
        { signal, ...selfHandled },
      ),
    placeholderData: keepPreviousData,
    enabled,
    meta,
  });
}

const clientContracts = {
  open: reportTopEmailClientOpenContract,
  click: reportTopEmailClientClickContract,
} as const;

export function useEmailClients(query: ReportQuery, kind: EmailClientKind) {
  return useQuery({
    queryKey: reportKeys.emailClients(query, kind),
    queryFn: ({ signal }) =>
      apiCall(
        clientContracts[kind],
        { ...query, page_number: 1, page_size: EMAIL_CLIENT_PAGE_SIZE },
        { signal, ...selfHandled },
      ).then((r) => r.records),
    meta,
  });
}

export function useRecipients(query: ReportQuery, kind: RecipientReportKind, page: number) {
  return useQuery({
    queryKey: reportKeys.recipients(query, kind, page),
    queryFn: ({ signal }) =>
      apiCall(
        reportRecipientContracts[kind],
        { ...query, page_number: page, page_size: DEFAULT_PAGE_SIZE },
        { signal, ...selfHandled },
      ),
    placeholderData: keepPreviousData,
    meta,
  });
}
