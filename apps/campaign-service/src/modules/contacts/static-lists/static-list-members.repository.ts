import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DataSource } from 'typeorm';
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
} from '../persons/contact-search';

export interface MemberRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  title: string | null;
  company_name: string | null;
  phone_number: string | null;
  added_at: Date;
}

/** Joins the file's emails to the organisation's contacts, case-insensitively. */
const FILE_MATCH = `FROM file_emails f
  JOIN campaign.persons p ON p.organisation_id = $1 AND lower(p.email) = lower(f.email)`;

export interface MemberPageQuery {
  keyword?: string;
  /** A short keyword matches anywhere (the organisation is small enough to scan). */
  shortAnywhere?: boolean;
  startDate?: string;
  endDate?: string;
  limit: number;
  offset: number;
}

/**
 * The members list's two statements (the benchmark runs them bare), in the order of the members
 * index (list, added_at, person): a page is found in the index, then its contacts are read;
 * contacts are joined for the filter only when a keyword needs their names.
 */
export function memberPageSql(organisationId: string, listId: string, query: MemberPageQuery) {
  const params: unknown[] = [organisationId, listId];
  const where = ['m.organisation_id = $1', 'm.static_list_id = $2'];
  const param = (value: unknown) => `$${params.push(value)}`;
  let from = 'campaign.static_list_members m';
  let hitsFrom = from;
  if (query.keyword) {
    from += ' JOIN campaign.persons p ON p.id = m.person_id';
    // All of a keyword's matches: from the trigram indexes, each checked against the list by its
    // key (OFFSET 0 keeps this join order); planned as a whole, the join would scan the list.
    hitsFrom = `campaign.persons p CROSS JOIN LATERAL (SELECT m.person_id, m.added_at, m.organisation_id, m.static_list_id
      FROM campaign.static_list_members m WHERE m.static_list_id = $2 AND m.person_id = p.id OFFSET 0) m`;
    where.push(
      'p.organisation_id = $1',
      keywordCondition('p', param(searchPattern(query.keyword, query.shortAnywhere))),
    );
  }
  where.push(...dateFilterConditions('m.added_at', query, param));
  const filter = where.join(' AND ');
  const n = params.length;
  const bound = countBound(query);
  const [limit, offset] = [`$${n + 1}::int`, `$${n + 2}::int`];
  const page = query.keyword
    ? searchPageSql({
        order: ['m.added_at', 'm.person_id'],
        from,
        hitsFrom,
        filter,
        boundary: (skip) =>
          `SELECT added_at FROM campaign.static_list_members WHERE static_list_id = $2 ORDER BY added_at DESC, person_id OFFSET ${skip} LIMIT 1`,
        limit,
        offset,
      })
    : `SELECT m.person_id AS id, m.added_at AS at FROM ${from} WHERE ${filter}
       ORDER BY m.added_at DESC, m.person_id LIMIT ${limit} OFFSET ${offset}`;
  return {
    bound,
    page: {
      text: `SELECT p.id, p.email, p.first_name, p.last_name, p.title, p.company_name, p.phone_number, page.at AS added_at
        FROM (${page}) page JOIN campaign.persons p ON p.id = page.id ORDER BY page.at DESC, page.id`,
      values: [...params, query.limit, query.offset],
    },
    count: {
      text: countSql({ from: hitsFrom, filter, keyword: !!query.keyword, bound: `$${n + 1}` }),
      values: [...params, bound],
    },
  };
}

/** Static list membership: paging, removal, and adding from a CSV of emails (COPY, then set-based). */
@Injectable()
export class StaticListMembersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A page of the list's members, newest added first, and its capped total (see `memberPageSql`). */
  async page(
    organisationId: string,
    listId: string,
    query: MemberPageQuery,
  ): Promise<[MemberRow[], CappedTotal]> {
    let shortAnywhere = false;
    if (query.keyword && isShortKeyword(query.keyword)) {
      const rows = (await this.dataSource.query(SMALL_ORGANISATION_SQL, [organisationId])) as { n: number }[];
      shortAnywhere = rows[0]!.n <= SHORT_KEYWORD_SCAN_LIMIT;
    }
    const sql = memberPageSql(organisationId, listId, { ...query, shortAnywhere });
    const [rows, counted] = await Promise.all([
      this.dataSource.query(sql.page.text, sql.page.values) as Promise<MemberRow[]>,
      this.dataSource.query(sql.count.text, sql.count.values) as Promise<{ n: number }[]>,
    ]);
    return [rows, cappedTotal(counted[0]!.n, sql.bound)];
  }

  async removeEmails(organisationId: string, listId: string, emails: string[]): Promise<number> {
    const rows: { n: number }[] = await this.dataSource.query(
      `WITH gone AS (
         DELETE FROM campaign.static_list_members m USING campaign.persons p
         WHERE m.organisation_id = $1 AND m.static_list_id = $2 AND p.id = m.person_id
           AND lower(p.email) = ANY (SELECT lower(e) FROM unnest($3::text[]) AS e)
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [organisationId, listId, emails],
    );
    return rows[0]!.n;
  }

  async removeAll(organisationId: string, listId: string): Promise<number> {
    const rows: { n: number }[] = await this.dataSource.query(
      `WITH gone AS (DELETE FROM campaign.static_list_members WHERE organisation_id = $1 AND static_list_id = $2 RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [organisationId, listId],
    );
    return rows[0]!.n;
  }

  /** Distinct emails in the file, and how many of them are contacts of the organisation. */
  match(organisationId: string, lines: () => Readable): Promise<{ total: number; matched: number }> {
    return this.withFileEmails(lines, async (client) => {
      const { rows } = await client.query<{ total: number; matched: number }>(
        `SELECT (SELECT count(DISTINCT lower(email)) FROM file_emails)::int AS total,
                (SELECT count(DISTINCT p.id) ${FILE_MATCH})::int AS matched`,
        [organisationId],
      );
      return rows[0]!;
    });
  }

  /**
   * Adds the file's known contacts to the list in one statement; answers how many were new to it,
   * or null when the list is gone. The list is held against removal from then until commit, so a
   * removal in another tab waits for the add, or the add finds no list (never a broken reference).
   */
  insertFromFile(organisationId: string, listId: string, lines: () => Readable): Promise<number | null> {
    return this.withFileEmails(lines, async (client) => {
      const list = await client.query(
        `SELECT 1 FROM campaign.static_lists WHERE organisation_id = $1 AND id = $2 FOR SHARE`,
        [organisationId, listId],
      );
      if (list.rowCount === 0) return null;
      const { rows } = await client.query<{ n: number }>(
        `WITH added AS (
           INSERT INTO campaign.static_list_members (static_list_id, person_id, organisation_id)
           SELECT DISTINCT $2::uuid, p.id, $1::uuid ${FILE_MATCH}
           ON CONFLICT DO NOTHING RETURNING 1)
         SELECT count(*)::int AS n FROM added`,
        [organisationId, listId],
      );
      return rows[0]!.n;
    });
  }

  /** COPYs (row, email) lines into a temporary table that lives for one transaction. */
  private async withFileEmails<T>(
    lines: () => Readable,
    work: (client: PoolClient) => Promise<T>,
  ): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    try {
      await client.query('BEGIN');
      await client.query('CREATE TEMP TABLE file_emails (line integer, email text) ON COMMIT DROP');
      await pipeline(lines(), client.query(copyFrom('COPY file_emails (line, email) FROM STDIN')));
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }
  }
}
