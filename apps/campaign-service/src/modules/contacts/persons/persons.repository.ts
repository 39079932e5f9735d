import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { forOrganisation, isUniqueViolation, repositoryIn, type Transaction } from '@meridian/server-kit';
import { Repository } from 'typeorm';
import {
  type CappedTotal,
  cappedTotal,
  countBound,
  countSql,
  dateFilterConditions,
  isShortKeyword,
  keywordCondition,
  searchPageSql,
  searchPattern,
  SHORT_KEYWORD_SCAN_LIMIT,
  SMALL_ORGANISATION_SQL,
} from './contact-search';
import { PersonEntity } from './person.entity';
import type { FieldPatch } from './person-fields';

export interface PersonListQuery {
  keyword?: string;
  /** A short keyword matches anywhere (the organisation is small enough to scan). */
  shortAnywhere?: boolean;
  startDate?: string;
  endDate?: string;
  limit: number;
  offset: number;
}

export interface PersonListPage {
  rows: PersonEntity[];
  count: CappedTotal;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The contacts list's two statements (the benchmark runs them bare). The page's ids are found
 * first, so a deep page skips index entries rather than whole rows; the count stops at a bound.
 */
export function personListSql(organisationId: string, query: PersonListQuery) {
  const params: unknown[] = [organisationId];
  const where = ['p.organisation_id = $1'];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (query.keyword)
    where.push(keywordCondition('p', param(searchPattern(query.keyword, query.shortAnywhere))));
  where.push(...dateFilterConditions('p._created_time', query, param));
  const filter = where.join(' AND ');
  const n = params.length;
  const bound = countBound(query);
  const [limit, offset] = [`$${n + 1}::int`, `$${n + 2}::int`];
  const page = query.keyword
    ? searchPageSql({
        order: ['p._created_time', 'p.id'],
        from: 'campaign.persons p',
        filter,
        boundary: (skip) =>
          `SELECT _created_time FROM campaign.persons WHERE organisation_id = $1 ORDER BY _created_time DESC, id OFFSET ${skip} LIMIT 1`,
        limit,
        offset,
      })
    : `SELECT p.id, p._created_time AS at FROM campaign.persons p WHERE ${filter}
       ORDER BY p._created_time DESC, p.id LIMIT ${limit} OFFSET ${offset}`;
  return {
    bound,
    page: {
      text: `SELECT p.* FROM (${page}) page JOIN campaign.persons p ON p.id = page.id ORDER BY page.at DESC, page.id`,
      values: [...params, query.limit, query.offset],
    },
    count: {
      text: countSql({ from: 'campaign.persons p', filter, keyword: !!query.keyword, bound: `$${n + 1}` }),
      values: [...params, bound],
    },
  };
}

@Injectable()
export class PersonsRepository {
  constructor(@InjectRepository(PersonEntity) private readonly persons: Repository<PersonEntity>) {}

  /** A page of the contacts list, newest first, and its capped total (see `personListSql`). */
  async list(organisationId: string, query: PersonListQuery): Promise<PersonListPage> {
    const shortAnywhere =
      query.keyword && isShortKeyword(query.keyword) ? await this.isSmall(organisationId) : false;
    const sql = personListSql(organisationId, { ...query, shortAnywhere });
    const [rows, counted] = await Promise.all([
      this.persons.query(sql.page.text, sql.page.values) as Promise<PersonEntity[]>,
      this.persons.query(sql.count.text, sql.count.values) as Promise<{ n: number }[]>,
    ]);
    return { rows, count: cappedTotal(counted[0]!.n, sql.bound) };
  }

  /** Whether the organisation has few enough contacts for a short keyword to scan them all. */
  async isSmall(organisationId: string): Promise<boolean> {
    const rows = (await this.persons.query(SMALL_ORGANISATION_SQL, [organisationId])) as { n: number }[];
    return rows[0]!.n <= SHORT_KEYWORD_SCAN_LIMIT;
  }

  find(organisationId: string, id: string, tx?: Transaction): Promise<PersonEntity | null> {
    return forOrganisation(repositoryIn(tx, PersonEntity, this.persons), organisationId).findOne({ id });
  }

  /** The organisation's persons among `ids` (others' ids are simply absent), in one query. */
  findMany(organisationId: string, ids: readonly string[]): Promise<PersonEntity[]> {
    // Ids that are not uuids cannot match; leaving them out keeps the query from failing.
    const wanted = [...new Set(ids)].filter((id) => UUID.test(id));
    if (wanted.length === 0) return Promise.resolve([]);
    return forOrganisation(this.persons, organisationId)
      .query('p')
      .andWhere('p.id = ANY(:ids::uuid[])', { ids: wanted })
      .getMany();
  }

  findByEmail(organisationId: string, email: string): Promise<PersonEntity[]> {
    return forOrganisation(this.persons, organisationId)
      .query('p')
      .andWhere('lower(p.email) = lower(:email)', { email })
      .getMany();
  }

  /** The new person, or null when the email is taken in the organisation (any case). */
  async insert(organisationId: string, email: string): Promise<PersonEntity | null> {
    try {
      return await forOrganisation(this.persons, organisationId).create({ email });
    } catch (error) {
      if (isUniqueViolation(error, 'persons_org_email_key')) return null;
      throw error;
    }
  }

  /** Applies a checked patch; false when the new email is taken. */
  async update(organisationId: string, id: string, patch: FieldPatch): Promise<boolean> {
    const set: Record<string, unknown> = { ...patch.defaults, _updated_time: new Date() };
    const builder = this.persons.createQueryBuilder().update(PersonEntity);
    if (Object.keys(patch.custom).length > 0) {
      // Merge at the database so concurrent edits of other custom fields are kept.
      set.custom_fields = () => `custom_fields || :custom::jsonb`;
      builder.setParameter('custom', JSON.stringify(patch.custom));
    }
    try {
      await builder
        .set(set)
        .where('id = :id AND organisation_id = :organisationId', { id, organisationId })
        .execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error, 'persons_org_email_key')) return false;
      throw error;
    }
  }

  /** Flips the flag in one statement, so two quick clicks cannot both read the old value; null if not found. */
  async toggleUnsubscribed(organisationId: string, id: string): Promise<boolean | null> {
    const [rows] = (await this.persons.query(
      `UPDATE campaign.persons
       SET unsubscribed = NOT unsubscribed,
           unsubscribed_time = CASE WHEN unsubscribed THEN NULL ELSE now() END,
           _updated_time = now()
       WHERE organisation_id = $1 AND id = $2
       RETURNING unsubscribed`,
      [organisationId, id],
    )) as [{ unsubscribed: boolean }[], number];
    return rows[0]?.unsubscribed ?? null;
  }

  /**
   * Unsubscribes a person from an unsubscribe link: never toggles back, and records the
   * 'unsubscribed' activity only when the flag actually changes. False when there is no such person.
   */
  async markUnsubscribed(organisationId: string, id: string): Promise<boolean> {
    const rows = (await this.persons.query(
      `WITH changed AS (
         UPDATE campaign.persons
         SET unsubscribed = true, unsubscribed_time = now(), _updated_time = now()
         WHERE organisation_id = $1 AND id = $2 AND NOT unsubscribed
         RETURNING id, organisation_id
       ), logged AS (
         INSERT INTO campaign.person_marketing_activity (organisation_id, person_id, event, occurred_at)
         SELECT organisation_id, id, 'unsubscribed', now() FROM changed
       )
       SELECT EXISTS (SELECT 1 FROM campaign.persons WHERE organisation_id = $1 AND id = $2) AS found`,
      [organisationId, id],
    )) as { found: boolean }[];
    return rows[0]?.found ?? false;
  }

  /**
   * Deletes persons of the organisation in one statement; answers the ones deleted (their email
   * goes out with personsDeleted). Ids of another organisation are left alone.
   */
  async removeMany(
    tx: Transaction,
    organisationId: string,
    ids: readonly string[],
  ): Promise<Array<{ person_id: string; email: string }>> {
    const valid = ids.filter((id) => UUID.test(id));
    if (valid.length === 0) return [];
    // An unsubscribed person's address stays suppressed after the contact is removed: re-added
    // later (by hand, a file or a sync), they are still never mailed.
    // A statement that ends in SELECT: the driver answers its rows (a bare DELETE gives [rows, count]).
    const rows = (await repositoryIn(tx, PersonEntity, this.persons).query(
      `WITH removed AS (
         DELETE FROM campaign.persons WHERE organisation_id = $1 AND id = ANY($2::uuid[])
         RETURNING id, email, unsubscribed
       ), kept AS (
         INSERT INTO campaign.suppressions (organisation_id, email, reason, detail)
         SELECT DISTINCT $1::uuid, lower(email), 'manual', 'Unsubscribed before the contact was removed'
           FROM removed WHERE unsubscribed AND email IS NOT NULL
         ON CONFLICT (organisation_id, email) DO NOTHING
       )
       SELECT id::text AS person_id, email FROM removed`,
      [organisationId, valid],
    )) as Array<{ person_id: string; email: string }>;
    return rows;
  }
}
