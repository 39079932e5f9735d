import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { forOrganisation } from '@meridian/server-kit';
import { Repository } from 'typeorm';
import { PersonEntity } from './person.entity';
import { ProductPersonEntity } from './product-person.entity';

export interface Page {
  limit: number;
  offset: number;
}

type Row = Record<string, unknown>;

/**
 * What happened to a person: marketing activity, product activity, the campaign
 * messages sent (email_messages, with engagement from the marketing activity), and
 * the product users sharing the person's email. Every query is scoped by
 * organisation and person.
 */
@Injectable()
export class PersonActivityRepository {
  constructor(
    @InjectRepository(PersonEntity) private readonly persons: Repository<PersonEntity>,
    @InjectRepository(ProductPersonEntity) private readonly productPersons: Repository<ProductPersonEntity>,
  ) {}

  productUsers(organisationId: string, email: string, page: Page): Promise<[ProductPersonEntity[], number]> {
    return forOrganisation(this.productPersons, organisationId)
      .query('u')
      .andWhere('lower(u.email) = lower(:email)', { email })
      .orderBy('u.org_id', 'ASC')
      .take(page.limit)
      .skip(page.offset)
      .getManyAndCount();
  }

  productUsersByEmail(organisationId: string, email: string): Promise<ProductPersonEntity[]> {
    return this.productUsers(organisationId, email, { limit: 1000, offset: 0 }).then(([rows]) => rows);
  }

  /** Email events of real sends; opens and clicks by scanners are not the person's and stay out. */
  marketing(organisationId: string, personId: string, page: Page): Promise<[Row[], number]> {
    return this.paged(
      `SELECT event, occurred_at AS timestamp, template_name, campaign_name, context,
              coalesce(correlation_id, message_id) AS correlation_id
       FROM campaign.person_marketing_activity
       WHERE organisation_id = $1 AND person_id = $2 AND human
       ORDER BY occurred_at DESC, id`,
      [organisationId, personId],
      page,
    );
  }

  product(organisationId: string, personId: string, page: Page): Promise<[Row[], number]> {
    return this.paged(
      `SELECT event_name, event_date, event_properties, user_id, org_id
       FROM campaign.person_product_activity WHERE organisation_id = $1 AND person_id = $2
       ORDER BY event_date DESC, id`,
      [organisationId, personId],
      page,
    );
  }

  /**
   * The person's campaign messages: one row per message (correlation_id is its Message-ID), sent
   * or not, with the human opens and the distinct links clicked from the marketing activity.
   */
  emails(
    organisationId: string,
    personId: string,
    filter: { start?: string; end?: string; correlationId?: string },
    page: Page,
  ): Promise<[Row[], number]> {
    return this.paged(
      `SELECT m.email, m.campaign_id::text AS campaign_id, c.name AS campaign_name, m.subject,
              m.message_id AS correlation_id, coalesce(m.sent_at, m.created_at) AS sent_date,
              coalesce(e.opened, 0) AS unique_open_count, coalesce(e.links, 0) AS unique_click_count_by_url,
              coalesce(e.urls, '[]'::jsonb) AS urls,
              CASE WHEN m.bounced_at IS NOT NULL OR m.status IN ('dropped', 'outcome_unknown')
                   THEN m.reason END AS error_text,
              CASE WHEN m.status = 'not_sent' THEN m.reason
                   WHEN m.bounced_at IS NOT NULL THEN 'bounced'
                   WHEN m.status IN ('dropped', 'outcome_unknown') THEN m.status
                   WHEN m.complained_at IS NOT NULL THEN 'spam' END AS reason,
              m.unsubscribed_at AS unsub_time
       FROM campaign.email_messages m
       LEFT JOIN campaign.campaigns c ON c.id = m.campaign_id AND c.organisation_id = m.organisation_id
       LEFT JOIN LATERAL (
         SELECT (count(*) FILTER (WHERE a.event = 'opened') > 0)::int AS opened,
                (count(DISTINCT a.link) FILTER (WHERE a.event = 'clicked'))::int AS links,
                jsonb_agg(DISTINCT a.link) FILTER (WHERE a.event = 'clicked' AND a.link IS NOT NULL) AS urls
         FROM campaign.person_marketing_activity a
         WHERE a.organisation_id = m.organisation_id AND a.person_id = m.person_id
           AND a.message_id = m.message_id AND a.human AND a.event IN ('opened', 'clicked')
       ) e ON true
       WHERE m.organisation_id = $1 AND m.person_id = $2
         AND ($3::timestamptz IS NULL OR coalesce(m.sent_at, m.created_at) >= $3)
         AND ($4::timestamptz IS NULL OR coalesce(m.sent_at, m.created_at) < $4)
         AND ($5::text IS NULL OR m.message_id = $5)
       ORDER BY coalesce(m.sent_at, m.created_at) DESC, m.id`,
      [organisationId, personId, filter.start ?? null, filter.end ?? null, filter.correlationId ?? null],
      page,
    );
  }

  /** One round trip: the page and the total, via a window count. */
  private async paged(sql: string, params: unknown[], page: Page): Promise<[Row[], number]> {
    const n = params.length;
    const rows: Row[] = await this.persons.manager.query(
      `SELECT q.*, count(*) OVER () AS __total FROM (${sql}) q LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, page.limit, page.offset],
    );
    const total = rows.length > 0 ? Number(rows[0]!.__total) : await this.countOnly(sql, params);
    return [rows.map(({ __total: _t, ...row }) => row), total];
  }

  // An offset past the end returns no rows, so the total needs its own count.
  private async countOnly(sql: string, params: unknown[]): Promise<number> {
    const rows: { n: string }[] = await this.persons.manager.query(
      `SELECT count(*) AS n FROM (${sql}) q`,
      params,
    );
    return Number(rows[0]?.n ?? 0);
  }
}
