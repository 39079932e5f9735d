import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { TemplateFromEmail, TemplateSenderMeta } from '@meridian/contracts';
import type { Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';

export type MessageStatus = 'queued' | 'sending' | 'sent' | 'not_sent' | 'dropped' | 'outcome_unknown';

export interface MessageRow {
  id: string;
  person_id: string;
  /** The product org of the entry in the org context; null in the person context. */
  org_id: string | null;
  email: string;
  message_id: string;
  status: MessageStatus;
  reason: string | null;
  /** When the message was created: its events' message_created_at. */
  created_at: Date;
}

export interface NewMessage {
  id: string;
  personId: string;
  orgId: string | null;
  email: string;
  messageId: string;
}

export interface MessageScope {
  organisationId: string;
  campaignId: string;
  runId: string;
  actionId: string;
  templateId: string | null;
}

export interface SendingTemplate {
  id: string;
  name: string;
  subject: string | null;
  content: string | null;
  from_email: TemplateFromEmail | null;
  reply_to: string | null;
  sender_meta: TemplateSenderMeta | null;
}

export interface FinalStatus {
  id: string;
  status: 'sent' | 'not_sent' | 'dropped' | 'outcome_unknown';
  reason: string | null;
  providerMessageId: string | null;
  delivered: boolean;
}

export interface ActivityRow {
  personId: string;
  event: 'sent' | 'delivered' | 'bounced';
  messageId: string;
  correlationId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RETURNED = 'id, person_id, org_id, email, message_id, status, reason, created_at';

/**
 * Sending's SQL: email_messages (the idempotency key of every send), the activity rows and
 * counts a send writes. Every statement covers a whole batch (unnest), scoped to the
 * organisation.
 */
@Injectable()
export class SendingRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The step's template, only if it is the organisation's own. */
  async template(organisationId: string, id: string): Promise<SendingTemplate | null> {
    if (!UUID.test(id)) return null;
    const rows = (await this.db.query(
      `SELECT id, name, subject, content, from_email, reply_to, sender_meta FROM campaign.email_templates
        WHERE organisation_id = $1 AND id = $2`,
      [organisationId, id],
    )) as SendingTemplate[];
    return rows[0] ?? null;
  }

  /**
   * Creates the messages of entries (person, and org in the org context) that have none yet for
   * this step: the key is (run, action, person, org). A person who is
   * unsubscribed, suppressed or without an address gets a 'not_sent' row with the reason at
   * once; the others are 'queued'. Persons of another organisation (or deleted) get no row.
   * Rows already there are left as they are and not returned. In `tx`, so the rows and their
   * processed events commit together.
   */
  async create(tx: Transaction, scope: MessageScope, messages: readonly NewMessage[]): Promise<MessageRow[]> {
    if (messages.length === 0) return [];
    return (await (tx as unknown as EntityManager).query(
      `INSERT INTO campaign.email_messages AS m
         (id, organisation_id, campaign_id, run_id, action_id, person_id, org_id, template_id, email, message_id,
          status, reason)
       SELECT i.id, $5, $6, $7, $8, i.person_id, i.org_id, $9, a.addr, i.message_id,
              CASE WHEN c.reason IS NULL THEN 'queued' ELSE 'not_sent' END, c.reason
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $10::text[])
              AS i(id, person_id, email, message_id, org_id)
         JOIN campaign.persons p ON p.id = i.person_id AND p.organisation_id = $5
         CROSS JOIN LATERAL (SELECT coalesce(nullif(btrim(i.email), ''), nullif(btrim(p.email), ''), '') AS addr) a
         CROSS JOIN LATERAL (SELECT CASE
             WHEN p.unsubscribed THEN 'unsubscribed'
             WHEN a.addr !~ '^[^@\\s]+@[^@\\s]+$' THEN 'no email address'
             ELSE (SELECT 'suppressed: ' || s.reason FROM campaign.suppressions s
                    WHERE s.organisation_id = $5 AND s.email = lower(a.addr))
           END AS reason) c
       ON CONFLICT (run_id, action_id, person_id, org_key) DO NOTHING
       RETURNING ${RETURNED}`,
      [
        messages.map((m) => m.id),
        messages.map((m) => m.personId),
        messages.map((m) => m.email),
        messages.map((m) => m.messageId),
        scope.organisationId,
        scope.campaignId,
        scope.runId,
        scope.actionId,
        scope.templateId,
        messages.map((m) => m.orgId),
      ],
    )) as MessageRow[];
  }

  /** The step's messages of these entries (person, org) that already existed. */
  async existing(
    scope: MessageScope,
    entries: readonly { personId: string; orgId: string | null }[],
  ): Promise<MessageRow[]> {
    if (entries.length === 0) return [];
    return (await this.db.query(
      `SELECT ${RETURNED}
         FROM campaign.email_messages
        WHERE organisation_id = $1 AND run_id = $2 AND action_id = $3
          AND (person_id, org_key) IN (
            SELECT e.person_id, coalesce(e.org_id, '') FROM unnest($4::uuid[], $5::text[]) AS e(person_id, org_id))`,
      [
        scope.organisationId,
        scope.runId,
        scope.actionId,
        entries.map((e) => e.personId),
        entries.map((e) => e.orgId),
      ],
    )) as MessageRow[];
  }

  /**
   * Marks queued messages 'sending' with their subject and tracked links, just before they go to
   * the mail server. Returns the ids this call claimed: a message another worker took is skipped.
   */
  async claim(rows: readonly { id: string; subject: string; links: string[] }[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    // An UPDATE answers [rows, count] through TypeORM.
    const [claimed] = (await this.db.query(
      `UPDATE campaign.email_messages m
          SET status = 'sending', sending_since = clock_timestamp(), subject = u.subject, links = u.links::jsonb
         FROM unnest($1::uuid[], $2::text[], $3::text[]) AS u(id, subject, links)
        WHERE m.id = u.id AND m.status = 'queued'
        RETURNING m.id`,
      [rows.map((r) => r.id), rows.map((r) => r.subject), rows.map((r) => JSON.stringify(r.links))],
    )) as [{ id: string }[], number];
    return new Set(claimed.map((row) => row.id));
  }

  /**
   * Final statuses of a batch (inside the transaction that publishes their events). Only a
   * message still without an outcome takes one: the first final status wins, and the ids it
   * changed are returned, so each message gets its events once.
   */
  async finish(tx: Transaction, rows: readonly FinalStatus[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const [changed] = (await (tx as unknown as EntityManager).query(
      `UPDATE campaign.email_messages m
          SET status = u.status, reason = u.reason,
              provider_message_id = coalesce(u.provider_id, m.provider_message_id),
              sent_at = CASE WHEN u.status = 'sent' THEN coalesce(m.sent_at, clock_timestamp()) ELSE m.sent_at END,
              delivered_at = CASE WHEN u.delivered THEN coalesce(m.delivered_at, clock_timestamp()) ELSE m.delivered_at END
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::boolean[])
              AS u(id, status, reason, provider_id, delivered)
        WHERE m.id = u.id AND m.status IN ('queued', 'sending')
        RETURNING m.id`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.status),
        rows.map((r) => r.reason),
        rows.map((r) => r.providerMessageId),
        rows.map((r) => r.delivered),
      ],
    )) as [{ id: string }[], number];
    return new Set(changed.map((row) => row.id));
  }

  /** The contact's marketing activity rows of a batch. */
  async addActivity(
    tx: Transaction,
    scope: MessageScope & { campaignName: string; templateName: string | null; context: string },
    rows: readonly ActivityRow[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await (tx as unknown as EntityManager).query(
      `INSERT INTO campaign.person_marketing_activity
         (organisation_id, person_id, event, occurred_at, template_name, campaign_name, context,
          correlation_id, campaign_id, template_id, message_id, human)
       SELECT $5, a.person_id, a.event, clock_timestamp(), $6, $7, $8, a.correlation_id, $9, $10, a.message_id, true
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS a(person_id, event, message_id, correlation_id)`,
      [
        rows.map((r) => r.personId),
        rows.map((r) => r.event),
        rows.map((r) => r.messageId),
        rows.map((r) => r.correlationId),
        scope.organisationId,
        scope.templateName,
        scope.campaignName,
        scope.context,
        scope.campaignId,
        scope.templateId,
      ],
    );
  }

  /** Adds a batch's numbers to the campaign list counts, in one statement. */
  async addCounts(
    tx: Transaction,
    organisationId: string,
    campaignId: string,
    counts: { processed: number; delivered: number; dropped: number; notSent: number },
  ): Promise<void> {
    if (counts.processed + counts.delivered + counts.dropped + counts.notSent === 0) return;
    await (tx as unknown as EntityManager).query(
      `UPDATE campaign.campaigns
          SET count_processed = count_processed + $3, count_delivered = count_delivered + $4,
              count_dropped = count_dropped + $5, count_not_sent = count_not_sent + $6
        WHERE organisation_id = $1 AND id = $2`,
      [organisationId, campaignId, counts.processed, counts.delivered, counts.dropped, counts.notSent],
    );
  }
}
