import type { RecipientReportKind } from '@meridian/contracts';

/** What every report call of the tab is narrowed by (spec 3 report filter, without paging). */
export interface ReportQuery {
  campaign_id: string;
  template_id: string | null;
  start_date: string | null;
  end_date: string | null;
}

export type EmailClientKind = 'open' | 'click';

/** Keys per campaign, so that one campaign's reports can be refreshed together. */
export const reportKeys = {
  all: ['campaign-reports'] as const,
  campaign: (campaignId: string) => [...reportKeys.all, campaignId] as const,
  history: (campaignId: string) => [...reportKeys.campaign(campaignId), 'history'] as const,
  templates: (campaignId: string) => [...reportKeys.campaign(campaignId), 'templates'] as const,
  stats: (query: ReportQuery) => [...reportKeys.campaign(query.campaign_id), 'stats', query] as const,
  runs: (query: ReportQuery, page: number, hideEmpty: boolean) =>
    [...reportKeys.campaign(query.campaign_id), 'runs', query, { page, hideEmpty }] as const,
  links: (query: ReportQuery, page: number, pageSize: number) =>
    [...reportKeys.campaign(query.campaign_id), 'links', query, { page, pageSize }] as const,
  emailClients: (query: ReportQuery, kind: EmailClientKind) =>
    [...reportKeys.campaign(query.campaign_id), 'email-clients', kind, query] as const,
  recipients: (query: ReportQuery, kind: RecipientReportKind, page: number) =>
    [...reportKeys.campaign(query.campaign_id), 'recipients', kind, query, { page }] as const,
};
