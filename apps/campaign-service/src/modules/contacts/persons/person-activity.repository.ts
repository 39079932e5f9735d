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
 * What happened to a person: marketing activity, product activity, emails sent,
 * and the product users sharing the person's email. Every query is scoped by
 * organisation and person; the tables are written by later features.
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

  marketing(organisationId: string, personId: string, page: Page): Promise<[Row[], number]> {
    return this.paged(
      `SELECT event, occurred_at AS timestamp, template_name, campaign_name, context, correlation_id
       FROM campaign.person_marketing_activity WHERE organisation_id = $1 AND person_id = $2
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

  emails(
    organisationId: string,
    personId: string,
    filter: { start?: string; end?: string; correlationId?: string },
    page: Page,
  ): Promise<[Row[], number]> {
    return this.paged(
      `SELECT email, campaign_id, correlation_id, sent_date, unique_open_count, unique_click_count_by_url,
              urls, error_text, reason, unsub_time
       FROM campaign.person_email_activity
       WHERE organisation_id = $1 AND person_id = $2
         AND ($3::timestamptz IS NULL OR sent_date >= $3) AND ($4::timestamptz IS NULL OR sent_date < $4)
         AND ($5::text IS NULL OR correlation_id = $5)
       ORDER BY sent_date DESC, id`,
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
