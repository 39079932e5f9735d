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

/** Which open errors a bulk call acts on: classes over a window, or everything of one person. */
export type ErrorSelection =
  { kind: 'classes'; classes: readonly string[]; window: Window } | { kind: 'person'; email: string };

/** A timestamp as ISO with milliseconds (truncated, so a point before it stays before it). */
const ISO_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** Open errors: neither archived nor resolved. */
const OPEN = `e.archived_at IS NULL AND e.resolved_at IS NULL`;

/**
 * A person's errors are the ones filed under their email and the ones filed under the Salesforce
 * id of one of their records (a pull fails before the record has a person).
 */
const PERSON_ERRORS = `(lower(e.email) = lower($2) OR e.sf_id IN (
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
    const where = `e.connection_id = $1 AND ${OPEN} AND e.last_occurred >= $2 AND e.last_occurred <= $3
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
    const where = `e.connection_id = $1 AND ${OPEN} AND e.error_class = $2
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
      `SELECT e.id, e.name, e.error_text, e.person_id, e.sf_id, e.first_occurred, e.last_occurred, e.object,
              e.direction, e.email
         FROM integrations.salesforce_errors e WHERE ${where}
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
          WHERE e.connection_id = $1 AND ${OPEN} AND e.error_class = ANY($2::text[])
            AND e.last_occurred >= $3 AND e.last_occurred <= $4
         RETURNING 1)
       SELECT count(*)::int AS archived FROM archived`,
      [connectionId, classes, window.start, window.end],
    )) as Array<{ archived: number }>;
    return archived;
  }

  /**
   * Marks the selected open errors resolved and answers what a resync needs: the distinct emails of
   * write errors (the email of the error, else of its record) and, per object, the earliest known
   * SystemModstamp of read errors' records (`unknown` when a record's stamp is not known). A write
   * error with no email anywhere cannot be pushed again and stays open.
   */
  async resolve(
    tx: Transaction,
    connectionId: string,
    selection: ErrorSelection,
  ): Promise<{ resolved: number; emails: string[]; repull: RepullPoint[]; sfIds: string[] }> {
    const filter =
      selection.kind === 'classes'
        ? `e.error_class = ANY($2::text[]) AND e.last_occurred >= $3 AND e.last_occurred <= $4`
        : PERSON_ERRORS;
    const params =
      selection.kind === 'classes'
        ? [connectionId, selection.classes, selection.window.start, selection.window.end]
        : [connectionId, selection.email];
    const rows = (await this.db(tx).query(
      `WITH picked AS (
         SELECT e.id, e.direction, e.object, e.sf_id, COALESCE(e.email, r.email) AS email, r.sf_modstamp
           FROM integrations.salesforce_errors e
           LEFT JOIN integrations.salesforce_records r ON r.connection_id = e.connection_id AND r.sf_id = e.sf_id
          WHERE e.connection_id = $1 AND ${OPEN} AND ${filter}
          FOR UPDATE OF e
       ), resolved AS (
         UPDATE integrations.salesforce_errors e SET resolved_at = now()
           FROM picked p
          WHERE e.id = p.id AND (p.direction = 'read' OR p.email IS NOT NULL)
         RETURNING p.direction, p.object, p.sf_id, p.email, p.sf_modstamp
       )
       SELECT 'count' AS kind, NULL AS object, count(*)::text AS value, false AS unknown FROM resolved
       UNION ALL
       SELECT DISTINCT 'email', NULL, lower(email), false FROM resolved WHERE direction = 'write'
       UNION ALL
       SELECT 'repull', object, to_char(min(sf_modstamp) AT TIME ZONE 'UTC', ${ISO_MS}), bool_or(sf_modstamp IS NULL)
         FROM resolved WHERE direction = 'read' GROUP BY object
       UNION ALL
       SELECT DISTINCT 'sf_id', NULL, sf_id, false FROM resolved WHERE direction = 'read' AND sf_id IS NOT NULL`,
      params,
    )) as Array<{ kind: string; object: string | null; value: string | null; unknown: boolean }>;
    const out = { resolved: 0, emails: [] as string[], repull: [] as RepullPoint[], sfIds: [] as string[] };
    for (const row of rows) {
      if (row.kind === 'count') out.resolved = Number(row.value);
      else if (row.kind === 'email' && row.value) out.emails.push(row.value);
      else if (row.kind === 'sf_id' && row.value) out.sfIds.push(row.value);
      else if (row.kind === 'repull' && row.object) {
        out.repull.push({
          object: row.object,
          since: row.unknown || !row.value ? null : new Date(row.value),
        });
      }
    }
    return out;
  }

  /** The person's latest open error on the organisation's live connection. */
  async latestFor(
    connectionId: string,
    email: string,
  ): Promise<{ last_occurred: Date; error_text: string } | null> {
    const rows = (await this.db().query(
      `SELECT e.last_occurred, e.error_text FROM integrations.salesforce_errors e
        WHERE e.connection_id = $1 AND ${OPEN} AND ${PERSON_ERRORS}
        ORDER BY e.last_occurred DESC LIMIT 1`,
      [connectionId, email],
    )) as Array<{ last_occurred: Date; error_text: string }>;
    return rows[0] ?? null;
  }
}

/** Where an object's pull must start again: before `since`, or from the start when it is unknown. */
export interface RepullPoint {
  object: string;
  since: Date | null;
}
