import type { EventMessage } from '../event-message';
import { Injectable } from '@nestjs/common';
import type { Transaction } from '@meridian/server-kit';
import type { EntityManager } from 'typeorm';

export type Mark = 'delivered' | 'bounced' | 'complained';

/** A message a notification changed, with what its events carry. */
export type MarkedMessage = EventMessage;

const COLUMN: Record<Mark, string> = {
  delivered: 'delivered_at',
  bounced: 'bounced_at',
  complained: 'complained_at',
};
const COUNT: Partial<Record<Mark, string>> = { delivered: 'count_delivered', bounced: 'count_bounced' };

/** What an SES notification changes: the message, the campaign counts, activity, suppressions. */
@Injectable()
export class SesNotificationsRepository {
  /**
   * Marks the message (found by the SES message id or our Message-ID) once: a repeated
   * notification finds it marked already and returns nothing, so nothing is counted twice.
   */
  async mark(
    tx: Transaction,
    mark: Mark,
    providerId: string,
    messageId: string | null,
  ): Promise<MarkedMessage[]> {
    const column = COLUMN[mark];
    const manager = tx as unknown as EntityManager;
    const [rows] = (await manager.query(
      `UPDATE campaign.email_messages m SET ${column} = clock_timestamp()
         FROM campaign.campaigns c
        WHERE c.id = m.campaign_id AND m.${column} IS NULL
          AND (m.provider_message_id = $1 OR ($2::text IS NOT NULL AND m.message_id = $2))
        RETURNING m.id, m.organisation_id, m.campaign_id, c.name AS campaign_name, c.campaign_context,
                  m.run_id, m.action_id, m.template_id,
                  (SELECT name FROM campaign.email_templates WHERE id = m.template_id) AS template_name,
                  m.person_id, m.email, m.message_id, m.org_id, m.created_at`,
      [providerId, messageId],
    )) as [MarkedMessage[], number];
    const count = COUNT[mark];
    if (count && rows.length > 0) {
      await manager.query(
        `UPDATE campaign.campaigns c SET ${count} = ${count} + x.n
           FROM (SELECT campaign_id, count(*)::int AS n FROM campaign.email_messages
                  WHERE id = ANY($1::uuid[]) GROUP BY campaign_id) x
          WHERE c.id = x.campaign_id`,
        [rows.map((r) => r.id)],
      );
    }
    if (mark !== 'complained' && rows.length > 0) {
      await manager.query(
        `INSERT INTO campaign.person_marketing_activity
           (organisation_id, person_id, event, occurred_at, template_name, campaign_name, context,
            correlation_id, campaign_id, template_id, message_id, human)
         SELECT m.organisation_id, m.person_id, $2, clock_timestamp(), t.name, c.name, c.campaign_context,
                m.id::text, m.campaign_id, m.template_id, m.message_id, true
           FROM campaign.email_messages m
           JOIN campaign.campaigns c ON c.id = m.campaign_id
           LEFT JOIN campaign.email_templates t ON t.id = m.template_id
          WHERE m.id = ANY($1::uuid[])`,
        [rows.map((r) => r.id), mark],
      );
    }
    return rows;
  }

  /** Addresses never sent to again by this organisation. */
  async suppress(
    tx: Transaction,
    organisationId: string,
    emails: readonly string[],
    reason: 'bounce' | 'complaint',
    detail: string | null,
  ): Promise<void> {
    if (emails.length === 0) return;
    await (tx as unknown as EntityManager).query(
      `INSERT INTO campaign.suppressions (organisation_id, email, reason, detail)
       SELECT $1, lower(e), $3, $4 FROM unnest($2::text[]) AS e
       ON CONFLICT (organisation_id, email) DO NOTHING`,
      [organisationId, [...new Set(emails.map((e) => e.toLowerCase()))], reason, detail],
    );
  }
}
