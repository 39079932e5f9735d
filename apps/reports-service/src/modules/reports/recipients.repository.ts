import { Injectable } from '@nestjs/common';
import type { RecipientReportKind, ReportFilter } from '@meridian/contracts';
import { DataSource } from 'typeorm';
import { addPeriod, Conditions, pageOffset } from './report-query';

/**
 * Per tab: the time of its event (its order) and which messages it lists. The period of every tab
 * is the hours the message was sent in ('Sent in'), as for the rollups.
 */
const TABS: Record<
  RecipientReportKind,
  { time: string; where: string | null; reason: string; error: string }
> = {
  recipient_engagement: {
    time: 'm.created_at',
    where: null,
    reason: 'COALESCE(m.not_sent_reason, m.bounce_type, m.dropped_reason)',
    error: 'COALESCE(m.bounce_reason, m.dropped_reason)',
  },
  recipient_not_sent: {
    time: 'COALESCE(m.not_sent_at, m.dropped_at)',
    where: '(m.not_sent_at IS NOT NULL OR m.dropped_at IS NOT NULL)',
    reason: `COALESCE(m.not_sent_reason, 'dropped')`,
    error: 'm.dropped_reason',
  },
  recipient_open: {
    time: 'm.first_open_at',
    where: 'm.first_open_at IS NOT NULL',
    reason: 'NULL',
    error: 'NULL',
  },
  recipient_click: {
    time: 'm.first_click_at',
    where: 'm.first_click_at IS NOT NULL',
    reason: 'NULL',
    error: 'NULL',
  },
  recipient_bounce: {
    time: 'm.bounced_at',
    where: 'm.bounced_at IS NOT NULL',
    reason: 'm.bounce_type',
    error: 'm.bounce_reason',
  },
  recipient_unsub: { time: 'm.unsub_at', where: 'm.unsub_at IS NOT NULL', reason: 'NULL', error: 'NULL' },
  recipient_spamreport: { time: 'm.spam_at', where: 'm.spam_at IS NOT NULL', reason: 'NULL', error: 'NULL' },
};

export interface RecipientRecord {
  person_id: string;
  email: string;
  org_id: string | null;
  message_id: string;
  sent_date: Date | null;
  event_time: Date | null;
  unique_open_count: number;
  total_open_count: number;
  unique_click_count_by_url: number;
  total_click_count: number;
  urls: string[];
  reason: string | null;
  error_text: string | null;
  unsub_time: Date | null;
}

/** The Recipients tabs: messages of the campaign with the tab's outcome, newest first. */
@Injectable()
export class RecipientsRepository {
  constructor(private readonly db: DataSource) {}

  private conditions(kind: RecipientReportKind, filter: ReportFilter): Conditions {
    const tab = TABS[kind];
    const c = new Conditions().add((p) => `m.campaign_id = ${p(filter.campaign_id)}`);
    if (tab.where) c.add(() => tab.where!);
    if (filter.template_id) c.add((p) => `m.template_id = ${p(filter.template_id)}`);
    return addPeriod(c, 'm.created_at', filter);
  }

  /** Counts the tab's rows up to `bound` (a million-recipient tab is not counted to the end). */
  async count(kind: RecipientReportKind, filter: ReportFilter, bound: number): Promise<number> {
    const c = this.conditions(kind, filter);
    const [row] = await this.db.query<{ total: number }[]>(
      `SELECT count(*)::int AS total FROM (SELECT 1 FROM reports.messages m WHERE ${c.where} LIMIT ${c.param(bound)}) n`,
      c.params,
    );
    return row!.total;
  }

  page(kind: RecipientReportKind, filter: ReportFilter): Promise<RecipientRecord[]> {
    const tab = TABS[kind];
    const c = this.conditions(kind, filter);
    return this.db.query<RecipientRecord[]>(
      `SELECT m.person_id, m.email, m.org_id, m.message_id,
         COALESCE(m.sent_at, m.processed_at) AS sent_date,
         ${kind === 'recipient_engagement' ? `GREATEST(m.created_at, m.sent_at, m.delivered_at, m.first_open_at, m.first_click_at, m.bounced_at, m.unsub_at, m.spam_at, m.not_sent_at, m.dropped_at)` : tab.time} AS event_time,
         (m.first_open_at IS NOT NULL)::int AS unique_open_count, m.open_count AS total_open_count,
         m.unique_url_count AS unique_click_count_by_url, m.click_count AS total_click_count,
         ARRAY(SELECT DISTINCT l.url FROM reports.message_links l
               WHERE l.message_id = m.message_id AND l.click_count > 0 ORDER BY l.url) AS urls,
         ${tab.reason} AS reason, ${tab.error} AS error_text, m.unsub_at AS unsub_time
       FROM reports.messages m
       WHERE ${c.where}
       ORDER BY ${tab.time} DESC, m.message_id
       LIMIT ${c.param(filter.page_size)} OFFSET ${c.param(pageOffset(filter))}`,
      c.params,
    );
  }
}
