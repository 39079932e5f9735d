import { Injectable } from '@nestjs/common';
import {
  type RecipientReportKind,
  type ReportFilter,
  reportMessages,
  type ReportStats,
} from '@meridian/contracts';
import { NotFoundError, type RequestContext } from '@meridian/server-kit';
import { type EmailClientRow, groupEmailClients } from './email-client-groups';
import { RecipientsRepository } from './recipients.repository';
import { pageFrom } from './report-query';
import { ReportsRepository } from './reports.repository';

type Paging = { page_size: number; page_number: number };
/** Recipients tabs count at most this many rows (then `total_capped`), as the contact list does. */
export const RECIPIENT_COUNT_CAP = 10_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Campaign reports of the caller's organisation; any other campaign is 'not found'. */
@Injectable()
export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly recipientRows: RecipientsRepository,
  ) {}

  private async requireCampaign(auth: RequestContext, campaignId: string): Promise<void> {
    if (!(await this.reports.campaignExists(auth.organisationId, campaignId)))
      throw new NotFoundError(reportMessages.campaignNotFound);
  }

  async stats(auth: RequestContext, filter: ReportFilter): Promise<ReportStats> {
    await this.requireCampaign(auth, filter.campaign_id);
    return this.reports.stats(filter);
  }

  async runs(auth: RequestContext, filter: ReportFilter & { show_non_empty_runs: boolean }) {
    await this.requireCampaign(auth, filter.campaign_id);
    const rows = await this.reports.runs(filter);
    const total = rows[0]?.total ?? (filter.page_number > 1 ? await this.countRuns(filter) : 0);
    return pageFrom(
      rows.map(({ total: _, run_time, run_state, ...r }) => ({
        ...r,
        run_time: run_time.toISOString(),
        run_state: run_state as 'finished',
      })),
      total,
      filter,
    );
  }

  /** The total of a page past the end (no row carries it). */
  private async countRuns(filter: ReportFilter & { show_non_empty_runs: boolean }): Promise<number> {
    const first = await this.reports.runs({ ...filter, page_number: 1, page_size: 1 });
    return first[0]?.total ?? 0;
  }

  async topLinks(auth: RequestContext, filter: ReportFilter) {
    await this.requireCampaign(auth, filter.campaign_id);
    const rows = await this.reports.topLinks(filter);
    const total =
      rows[0]?.total ??
      (filter.page_number > 1
        ? ((await this.reports.topLinks({ ...filter, page_number: 1, page_size: 1 }))[0]?.total ?? 0)
        : 0);
    return pageFrom(
      rows.map(({ total: _, ...r }) => r),
      total,
      filter,
    );
  }

  async emailClients(auth: RequestContext, filter: ReportFilter, tab: 'open' | 'click') {
    await this.requireCampaign(auth, filter.campaign_id);
    const rows: EmailClientRow[] = await this.reports.emailClients(filter);
    const grouped = groupEmailClients(
      rows,
      tab === 'open' ? 'unique_open_count' : 'unique_click_count_by_url',
    );
    return pageFrom(page(grouped, filter), grouped.length, filter);
  }

  async recipients(auth: RequestContext, kind: RecipientReportKind, filter: ReportFilter) {
    await this.requireCampaign(auth, filter.campaign_id);
    // Counted to the cap, or past the page asked for: a capped total always leaves one more page.
    const bound = Math.max(RECIPIENT_COUNT_CAP, filter.page_number * filter.page_size) + 1;
    const rows = await this.recipientRows.page(kind, filter);
    const counted = await this.recipientRows.count(kind, filter, bound);
    const capped = counted >= bound;
    const total = capped ? bound - 1 : counted;
    const result = pageFrom(
      rows.map((r) => ({
        ...r,
        sent_date: iso(r.sent_date),
        event_time: iso(r.event_time),
        unsub_time: iso(r.unsub_time),
      })),
      total,
      filter,
    );
    return {
      ...result,
      page_count: capped ? Math.floor(total / filter.page_size) + 1 : result.page_count,
      total_capped: capped,
    };
  }

  async templates(auth: RequestContext, campaignId: string) {
    await this.requireCampaign(auth, campaignId);
    return this.reports.templates(campaignId);
  }

  async campaigns(auth: RequestContext) {
    const rows = await this.reports.campaigns(auth.organisationId);
    return rows.map((r) => ({ ...r, last_run_time: iso(r.last_run_time) }));
  }
}

const page = <T>(rows: T[], p: Paging) =>
  rows.slice((p.page_number - 1) * p.page_size, p.page_number * p.page_size);
