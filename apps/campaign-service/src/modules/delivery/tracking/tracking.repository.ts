import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Transaction } from '@meridian/server-kit';
import type { DataSource, EntityManager } from 'typeorm';
import type { Engagement, MessageContext, MessageUpdate } from './tracking-batch';

const managerOf = (tx: Transaction) => tx as unknown as EntityManager;

/** What a message row says about itself, with the names events and activity rows carry. */
const MESSAGE_CONTEXT = `
  SELECT em.id, em.organisation_id, em.campaign_id, coalesce(c.name, '') AS campaign_name,
         coalesce(c.campaign_context, 'person') AS campaign_context, em.run_id, em.action_id,
         em.template_id, t.name AS template_name, em.person_id, em.email, em.org_id, em.message_id,
         em.links, em.created_at, em.sent_at, em.delivered_at, em.first_opened_at, em.human_opened_at
  FROM campaign.email_messages em
  LEFT JOIN campaign.campaigns c ON c.id = em.campaign_id AND c.organisation_id = em.organisation_id
  LEFT JOIN campaign.email_templates t ON t.id = em.template_id AND t.organisation_id = em.organisation_id`;

/** Tracking's reads and writes of email_messages, marketing activity, campaigns and persons. */
@Injectable()
export class TrackingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A message's organisation and links (the click path; links never change once stored). */
  async messageLinks(id: string): Promise<{ organisationId: string; links: string[] } | null> {
    const rows = (await this.dataSource.query(
      `SELECT organisation_id, links FROM campaign.email_messages WHERE id = $1`,
      [id],
    )) as { organisation_id: string; links: unknown }[];
    const row = rows[0];
    if (!row) return null;
    const links = Array.isArray(row.links) ? row.links.filter((l): l is string => typeof l === 'string') : [];
    return { organisationId: row.organisation_id, links };
  }

  /**
   * The messages of a batch, locked (in id order, so two flushing replicas cannot deadlock) until
   * the batch commits: the first-open checks then see every earlier batch's writes.
   */
  async lockMessages(tx: Transaction, ids: readonly string[]): Promise<Map<string, MessageContext>> {
    const rows = (await managerOf(tx).query(
      `${MESSAGE_CONTEXT} WHERE em.id = ANY($1::uuid[]) ORDER BY em.id FOR UPDATE OF em`,
      [ids],
    )) as MessageContext[];
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Clicks of these messages (by RFC Message-ID) since `since`, for the all-links rule. */
  async recentClicks(
    tx: Transaction,
    messageIds: readonly string[],
    since: Date,
  ): Promise<{ message_id: string; link: string; occurred_at: Date }[]> {
    if (messageIds.length === 0) return [];
    return (await managerOf(tx).query(
      `SELECT message_id, link, occurred_at FROM campaign.person_marketing_activity
       WHERE message_id = ANY($1::text[]) AND occurred_at >= $2 AND event = 'clicked' AND link IS NOT NULL`,
      [messageIds, since],
    )) as { message_id: string; link: string; occurred_at: Date }[];
  }

  /**
   * One INSERT for every opened/clicked activity row of a batch. The rows travel as one JSON
   * array: twelve array parameters cost the driver an escape per element and Postgres a parse
   * per array, more than the insert (bench/tracking).
   */
  async insertActivity(tx: Transaction, engagements: readonly Engagement[]): Promise<void> {
    if (engagements.length === 0) return;
    const rows = engagements.map((e) => ({
      organisation_id: e.message.organisation_id,
      person_id: e.message.person_id,
      event: e.event,
      occurred_at: e.at,
      template_name: e.message.template_name,
      campaign_name: e.message.campaign_name,
      context: e.message.campaign_context,
      campaign_id: e.message.campaign_id,
      template_id: e.message.template_id,
      link: e.url,
      human: e.judgement.human,
      message_id: e.message.message_id,
    }));
    await managerOf(tx).query(
      `INSERT INTO campaign.person_marketing_activity
         (organisation_id, person_id, event, occurred_at, template_name, campaign_name, context,
          campaign_id, template_id, link, human, message_id)
       SELECT r.organisation_id, r.person_id, r.event, r.occurred_at, r.template_name, r.campaign_name,
              r.context, r.campaign_id, r.template_id, r.link, r.human, r.message_id
       FROM json_to_recordset($1::json) AS r(organisation_id uuid, person_id uuid, event text,
         occurred_at timestamptz, template_name text, campaign_name text, context text, campaign_id uuid,
         template_id uuid, link text, human boolean, message_id text)`,
      [JSON.stringify(rows)],
    );
  }

  /**
   * First open/click/human-open times, never moved once set. Only rows where one is still unset
   * are written: most pixel fetches are re-opens, and a no-op update still writes a row version.
   */
  async updateMessages(tx: Transaction, updates: readonly MessageUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    await managerOf(tx).query(
      `UPDATE campaign.email_messages em
       SET first_opened_at = coalesce(em.first_opened_at, u.opened_at),
           first_clicked_at = coalesce(em.first_clicked_at, u.clicked_at),
           human_opened_at = coalesce(em.human_opened_at, u.human_opened_at)
       FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[], $4::timestamptz[])
         AS u(id, opened_at, clicked_at, human_opened_at)
       WHERE em.id = u.id
         AND ((em.first_opened_at IS NULL AND u.opened_at IS NOT NULL)
           OR (em.first_clicked_at IS NULL AND u.clicked_at IS NOT NULL)
           OR (em.human_opened_at IS NULL AND u.human_opened_at IS NOT NULL))`,
      [
        updates.map((u) => u.id),
        updates.map((u) => u.openedAt),
        updates.map((u) => u.clickedAt),
        updates.map((u) => u.humanOpenedAt),
      ],
    );
  }

  /** The campaign list's open count: one per message, on its first human open. */
  async addOpens(tx: Transaction, opens: ReadonlyMap<string, number>): Promise<void> {
    if (opens.size === 0) return;
    await managerOf(tx).query(
      `UPDATE campaign.campaigns c SET open_count = c.open_count + u.n
       FROM unnest($1::uuid[], $2::int[]) AS u(id, n) WHERE c.id = u.id`,
      [[...opens.keys()], [...opens.values()]],
    );
  }

  /** The message an unsubscribe link names, locked for the unsubscribe. */
  async lockMessage(tx: Transaction, id: string): Promise<MessageContext | null> {
    const rows = (await managerOf(tx).query(`${MESSAGE_CONTEXT} WHERE em.id = $1 FOR UPDATE OF em`, [
      id,
    ])) as MessageContext[];
    return rows[0] ?? null;
  }

  /** Stamps the message an unsubscribe came from (the first time counts). */
  async stampUnsubscribed(tx: Transaction, messageId: string, at: Date): Promise<void> {
    await managerOf(tx).query(
      `UPDATE campaign.email_messages SET unsubscribed_at = coalesce(unsubscribed_at, $2) WHERE id = $1`,
      [messageId, at],
    );
  }

  /** The person's 'unsubscribed' activity, naming the campaign mail it came from. */
  async addUnsubscribeActivity(tx: Transaction, message: MessageContext, at: Date): Promise<void> {
    await managerOf(tx).query(
      `INSERT INTO campaign.person_marketing_activity
         (organisation_id, person_id, event, occurred_at, template_name, campaign_name, context,
          campaign_id, template_id, human, message_id)
       VALUES ($1, $2, 'unsubscribed', $3, $4, $5, $6, $7, $8, true, $9)`,
      [
        message.organisation_id,
        message.person_id,
        at,
        message.template_name,
        message.campaign_name,
        message.campaign_context,
        message.campaign_id,
        message.template_id,
        message.message_id,
      ],
    );
  }
}
