import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { likePattern, type Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';

export interface Window {
  start: Date;
  end: Date;
}

export interface Paging {
  limit: number;
  offset: number;
}

export interface ErrorClassRow {
  error_class: string;
  count: number;
  first_occurred: Date;
  last_occurred: Date;
}

export interface AffectedRow {
  id: string;
  name: string | null;
  error_text: string;
  person_id: string | null;
  sf_id: string | null;
  first_occurred: Date;
  last_occurred: Date;
  object: string;
  direction: 'read' | 'write';
  email: string | null;
}

export interface AffectedFilter {
  errorClass: string;
  email?: string | null;
  keyword?: string | null;
  window?: Window | null;
}

/** Open errors: neither archived nor resolved. */
export const OPEN_ERRORS = `e.archived_at IS NULL AND e.resolved_at IS NULL`;

/**
 * A person's errors are the ones filed under their email and the ones filed under the Salesforce
 * id of one of their records (a pull fails before the record has a person).
 */
export const PERSON_ERRORS = `(lower(e.email) = lower($2) OR e.sf_id IN (
    SELECT r.sf_id FROM integrations.salesforce_records r
     WHERE r.connection_id = e.connection_id AND lower(r.email) = lower($2)))`;

/** The sync errors of a connection as the Sync health tab and the contact panel read them. */
@Injectable()
export class SalesforceErrorsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private db(tx?: Transaction): EntityManager {
    return tx ? (tx as unknown as EntityManager) : this.dataSource.manager;
  }

  /** Open errors per class whose last occurrence is in the window, most recent class first. */
  async classes(
    connectionId: string,
    errorClass: string | null,
    window: Window,
    paging: Paging,
  ): Promise<{ rows: ErrorClassRow[]; total: number }> {
    const where = `e.connection_id = $1 AND ${OPEN_ERRORS} AND e.last_occurred >= $2 AND e.last_occurred <= $3
      AND ($4::text IS NULL OR e.error_class = $4)`;
    const params = [connectionId, window.start, window.end, errorClass];
    const [{ total }] = (await this.db().query(
      `SELECT count(DISTINCT e.error_class)::int AS total FROM integrations.salesforce_errors e WHERE ${where}`,
      params,
    )) as Array<{ total: number }>;
    const rows = (await this.db().query(
      `SELECT e.error_class, count(*)::int AS count, min(e.first_occurred) AS first_occurred,
              max(e.last_occurred) AS last_occurred
         FROM integrations.salesforce_errors e WHERE ${where}
        GROUP BY e.error_class ORDER BY max(e.last_occurred) DESC, e.error_class
        LIMIT $5 OFFSET $6`,
      [...params, paging.limit, paging.offset],
    )) as ErrorClassRow[];
    return { rows, total };
  }

  /** Open errors of one class, most recent first: the affected-records modal. */
  async affected(
    connectionId: string,
    filter: AffectedFilter,
    paging: Paging,
  ): Promise<{ rows: AffectedRow[]; total: number }> {
    const where = `e.connection_id = $1 AND ${OPEN_ERRORS} AND e.error_class = $2
      AND ($3::text IS NULL OR lower(e.email) = lower($3))
      AND ($4::text IS NULL OR e.name ILIKE $4 OR e.email ILIKE $4 OR e.error_text ILIKE $4)
      AND ($5::timestamptz IS NULL OR e.last_occurred >= $5)
      AND ($6::timestamptz IS NULL OR e.last_occurred <= $6)`;
    const params = [
      connectionId,
      filter.errorClass,
      filter.email || null,
      filter.keyword ? likePattern(filter.keyword) : null,
      filter.window?.start ?? null,
      filter.window?.end ?? null,
    ];
    const [{ total }] = (await this.db().query(
      `SELECT count(*)::int AS total FROM integrations.salesforce_errors e WHERE ${where}`,
      params,
    )) as Array<{ total: number }>;
    const rows = (await this.db().query(
      `SELECT e.id, COALESCE(e.name, rec.name) AS name, e.error_text, e.person_id,
              COALESCE(e.sf_id, rec.sf_id) AS sf_id, e.first_occurred, e.last_occurred, e.object, e.direction, e.email
         FROM integrations.salesforce_errors e
         -- A failed pull is filed by email: its record (the person's selected one first) names it.
         LEFT JOIN LATERAL (
           SELECT r.sf_id, r.name FROM integrations.salesforce_records r
            WHERE r.connection_id = e.connection_id AND e.sf_id IS NULL AND e.email IS NOT NULL
              AND lower(r.email) = lower(e.email) AND r.object = e.object AND NOT r.is_deleted
            ORDER BY r.is_selected DESC, r.sf_modstamp DESC NULLS LAST LIMIT 1
         ) rec ON true
        WHERE ${where}
        ORDER BY e.last_occurred DESC, e.id LIMIT $7 OFFSET $8`,
      [...params, paging.limit, paging.offset],
    )) as AffectedRow[];
    return { rows, total };
  }

  /** Hides the open errors of the classes in the window; answers how many. */
  async archive(
    tx: Transaction,
    connectionId: string,
    classes: readonly string[],
    window: Window,
  ): Promise<number> {
    const [{ archived }] = (await this.db(tx).query(
      `WITH archived AS (
         UPDATE integrations.salesforce_errors e SET archived_at = now()
          WHERE e.connection_id = $1 AND ${OPEN_ERRORS} AND e.error_class = ANY($2::text[])
            AND e.last_occurred >= $3 AND e.last_occurred <= $4
         RETURNING 1)
       SELECT count(*)::int AS archived FROM archived`,
      [connectionId, classes, window.start, window.end],
    )) as Array<{ archived: number }>;
    return archived;
  }

  /** The person's latest open error on the organisation's live connection. */
  async latestFor(
    connectionId: string,
    email: string,
  ): Promise<{ last_occurred: Date; error_text: string } | null> {
    const rows = (await this.db().query(
      `SELECT e.last_occurred, e.error_text FROM integrations.salesforce_errors e
        WHERE e.connection_id = $1 AND ${OPEN_ERRORS} AND ${PERSON_ERRORS}
        ORDER BY e.last_occurred DESC LIMIT 1`,
      [connectionId, email],
    )) as Array<{ last_occurred: Date; error_text: string }>;
    return rows[0] ?? null;
  }
}
