import { Injectable } from '@nestjs/common';
import type { ReportFilter, ReportStats } from '@meridian/contracts';
import { DataSource } from 'typeorm';
import { addPeriod, Conditions, pageOffset, periodHours, rollupConditions } from './report-query';

const SUMS = [
  'processed_count',
  'delivered_count',
  'bounce_count',
  'dropped_count',
  'spamreport_count',
  'not_sent_count',
  'unsub_count',
  'unique_open_count',
  'total_open_count',
  'unique_click_count_by_email',
  'total_click_count',
  'unique_click_count_by_url',
  'non_human_open_count',
  'non_human_click_count',
] as const;

type RunsFilter = ReportFilter & { show_non_empty_runs: boolean };

export interface RunRecord {
  run_id: string;
  run_time: Date;
  run_state: string;
  total_count: number;
  delivered_count: number;
  unique_open_count: number;
  unique_click_count_by_email: number;
  bounce_count: number;
  unsub_count: number;
  total: number;
}

/** The report calls' reads: sums over the hourly rollups, never over raw messages. */
@Injectable()
export class ReportsRepository {
  constructor(private readonly db: DataSource) {}

  /** The campaign as the reports know it, when it is the organisation's and not removed. */
  async campaignExists(organisationId: string, campaignId: string): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(
      `SELECT 1 FROM reports.campaigns WHERE campaign_id = $1 AND organisation_id = $2 AND NOT deleted`,
      [campaignId, organisationId],
    );
    return rows.length > 0;
  }

  async stats(filter: ReportFilter): Promise<ReportStats> {
    const c = rollupConditions(filter);
    const runs = addPeriod(
      new Conditions().add((p) => `campaign_id = ${p(filter.campaign_id)}`),
      'run_time',
      filter,
    );
    const [sums] = await this.db.query<Omit<ReportStats, 'total_count'>[]>(
      `SELECT ${SUMS.map((s) => `COALESCE(sum(${s}), 0)::int AS ${s}`).join(', ')}
       FROM reports.stats_hourly WHERE ${c.where}`,
      c.params,
    );
    const [total] = await this.db.query<{ total_count: number }[]>(
      `SELECT COALESCE(sum(total_count), 0)::int AS total_count FROM reports.runs WHERE ${runs.where}`,
      runs.params,
    );
    return { total_count: total!.total_count, ...sums! };
  }

  /** Runs of the period, newest first, with their counts (under the template filter). */
  async runs(filter: RunsFilter): Promise<RunRecord[]> {
    const c = new Conditions();
    const campaign = c.param(filter.campaign_id);
    const template = filter.template_id ? `AND template_id = ${c.param(filter.template_id)}` : '';
    const { from, until } = periodHours(filter);
    const period = [
      from ? `AND r.run_time >= ${c.param(from)}` : '',
      until ? `AND r.run_time < ${c.param(until)}` : '',
    ].join(' ');
    const nonEmpty = filter.show_non_empty_runs ? 'AND (r.total_count > 0 OR a.processed_count > 0)' : '';
    return this.db.query<RunRecord[]>(
      `WITH a AS (
         SELECT run_id, sum(processed_count)::int AS processed_count, sum(delivered_count)::int AS delivered_count,
           sum(unique_open_count)::int AS unique_open_count,
           sum(unique_click_count_by_email)::int AS unique_click_count_by_email,
           sum(bounce_count)::int AS bounce_count, sum(unsub_count)::int AS unsub_count
         FROM reports.stats_hourly WHERE campaign_id = ${campaign} ${template} GROUP BY run_id
       )
       SELECT r.run_id, r.run_time, r.run_state, r.total_count,
         COALESCE(a.delivered_count, 0) AS delivered_count, COALESCE(a.unique_open_count, 0) AS unique_open_count,
         COALESCE(a.unique_click_count_by_email, 0) AS unique_click_count_by_email,
         COALESCE(a.bounce_count, 0) AS bounce_count, COALESCE(a.unsub_count, 0) AS unsub_count,
         count(*) OVER ()::int AS total
       FROM reports.runs r LEFT JOIN a ON a.run_id = r.run_id
       WHERE r.campaign_id = ${campaign} ${period} ${nonEmpty}
       ORDER BY r.run_time DESC, r.run_id
       LIMIT ${c.param(filter.page_size)} OFFSET ${c.param(pageOffset(filter))}`,
      c.params,
    );
  }

  async topLinks(filter: ReportFilter) {
    const c = rollupConditions(filter);
    return this.db.query<
      { link: string; total_click_count: number; unique_click_count: number; total: number }[]
    >(
      `SELECT url AS link, sum(total_click_count)::int AS total_click_count,
         sum(unique_click_count)::int AS unique_click_count, count(*) OVER ()::int AS total
       FROM reports.link_hourly WHERE ${c.where}
       GROUP BY url ORDER BY total_click_count DESC, url
       LIMIT ${c.param(filter.page_size)} OFFSET ${c.param(pageOffset(filter))}`,
      c.params,
    );
  }

  async emailClients(filter: ReportFilter) {
    const c = rollupConditions(filter);
    return this.db.query<
      {
        email_client: string;
        unique_open_count: number;
        total_open_count: number;
        unique_click_count_by_url: number;
      }[]
    >(
      `SELECT email_client, sum(unique_open_count)::int AS unique_open_count,
         sum(total_open_count)::int AS total_open_count,
         sum(unique_click_count_by_url)::int AS unique_click_count_by_url
       FROM reports.client_hourly WHERE ${c.where}
       GROUP BY email_client`,
      c.params,
    );
  }

  templates(campaignId: string) {
    return this.db.query<{ template_id: string; name: string }[]>(
      `SELECT template_id, name FROM reports.campaign_templates WHERE campaign_id = $1 ORDER BY name, template_id`,
      [campaignId],
    );
  }

  campaigns(organisationId: string) {
    return this.db.query<{ campaign_id: string; name: string; last_run_time: Date | null }[]>(
      `SELECT c.campaign_id, c.name, r.last_run_time
       FROM reports.campaigns c
       LEFT JOIN LATERAL (SELECT max(run_time) AS last_run_time FROM reports.runs WHERE campaign_id = c.campaign_id) r ON true
       WHERE c.organisation_id = $1 AND NOT c.deleted
       ORDER BY r.last_run_time DESC NULLS LAST, c.created_at DESC, c.campaign_id`,
      [organisationId],
    );
  }
}
