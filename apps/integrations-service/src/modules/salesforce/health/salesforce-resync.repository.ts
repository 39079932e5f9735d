import { Injectable } from '@nestjs/common';
import type { Transaction } from '@meridian/server-kit';
import type { EntityManager } from 'typeorm';
import { OPEN_ERRORS, PERSON_ERRORS, type Window } from './salesforce-errors.repository';

/** Which open errors a resync acts on: classes over a window, or everything of one person. */
export type ErrorSelection =
  { kind: 'classes'; classes: readonly string[]; window: Window } | { kind: 'person'; email: string };

/** Where an object's pull must start again: before `since`, or from the start when it is unknown. */
export interface RepullPoint {
  object: string;
  since: Date | null;
}

export interface Resolved {
  resolved: number;
  /** Persons to push again (lower-case emails of write errors). */
  emails: string[];
  repull: RepullPoint[];
  /** Records to pull again. */
  sfIds: string[];
}

/** A timestamp as ISO with milliseconds (truncated, so a point before it stays before it). */
const ISO_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** The writes of a resync; always inside the caller's transaction. */
@Injectable()
export class SalesforceResyncRepository {
  private db(tx: Transaction): EntityManager {
    return tx as unknown as EntityManager;
  }

  /**
   * Marks the selected open errors resolved and answers what the resync needs, in one statement.
   * Write errors give their email (else their record's); one with no email anywhere cannot be
   * pushed again and stays open. Read errors give their records: by Salesforce id, or (a failed
   * apply is filed by email) the person's records of that object; an object's pull restarts before
   * the earliest of them, or from the start when a read error has no known record.
   */
  async resolve(tx: Transaction, connectionId: string, selection: ErrorSelection): Promise<Resolved> {
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
         SELECT e.id, e.direction, e.object, e.sf_id,
                COALESCE(e.email, (SELECT r.email FROM integrations.salesforce_records r
                                    WHERE r.connection_id = e.connection_id AND r.sf_id = e.sf_id)) AS email
           FROM integrations.salesforce_errors e
          WHERE e.connection_id = $1 AND ${OPEN_ERRORS} AND ${filter}
          FOR UPDATE OF e
       ), resolved AS (
         UPDATE integrations.salesforce_errors e SET resolved_at = now()
           FROM picked p
          WHERE e.id = p.id AND (p.direction = 'read' OR p.email IS NOT NULL)
         RETURNING p.id, p.direction, p.object, p.sf_id, p.email
       ), targets AS (
         SELECT p.id, r.sf_id, r.sf_modstamp FROM resolved p
           JOIN integrations.salesforce_records r ON r.connection_id = $1 AND r.sf_id = p.sf_id
          WHERE p.direction = 'read'
         UNION ALL
         SELECT p.id, r.sf_id, r.sf_modstamp FROM resolved p
           JOIN integrations.salesforce_records r
             ON r.connection_id = $1 AND lower(r.email) = lower(p.email) AND r.object = p.object
          WHERE p.direction = 'read' AND p.sf_id IS NULL
       ), per_error AS (
         SELECT p.object, min(t.sf_modstamp) AS since FROM resolved p LEFT JOIN targets t ON t.id = p.id
          WHERE p.direction = 'read' GROUP BY p.id, p.object
       )
       SELECT 'count' AS kind, NULL AS object, count(*)::text AS value, false AS unknown FROM resolved
       UNION ALL
       SELECT DISTINCT 'email', NULL, lower(email), false FROM resolved WHERE direction = 'write'
       UNION ALL
       SELECT 'repull', object, to_char(min(since) AT TIME ZONE 'UTC', ${ISO_MS}), bool_or(since IS NULL)
         FROM per_error GROUP BY object
       UNION ALL
       SELECT DISTINCT 'sf_id', NULL, sf_id, false FROM targets`,
      params,
    )) as Array<{ kind: string; object: string | null; value: string | null; unknown: boolean }>;
    const out: Resolved = { resolved: 0, emails: [], repull: [], sfIds: [] };
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

  /**
   * Pushes of these persons are not taken for echoes of an earlier push: their records' pushed
   * hashes are cleared (a failed push may have left a hash of values Salesforce never took).
   */
  async forgetPushed(tx: Transaction, connectionId: string, emails: readonly string[]): Promise<void> {
    if (emails.length === 0) return;
    await this.db(tx).query(
      `UPDATE integrations.salesforce_records SET pushed_hash = NULL
        WHERE connection_id = $1 AND lower(email) = ANY($2::text[]) AND pushed_hash IS NOT NULL`,
      [connectionId, emails.map((e) => e.toLowerCase())],
    );
  }

  /**
   * Makes the next run pull these records again: each object's cursor moves back to just before the
   * earliest affected record's SystemModstamp (to the start when one is unknown; a cursor already
   * before that point stays). The records' hashes are cleared, so the pull applies them to their
   * persons even when their values equal what was last pulled or pushed.
   */
  async rewind(
    tx: Transaction,
    connectionId: string,
    points: readonly RepullPoint[],
    sfIds: readonly string[],
  ): Promise<void> {
    if (points.length === 0) return;
    await this.db(tx).query(
      `UPDATE integrations.salesforce_cursors c
          SET last_modstamp = CASE WHEN p.since IS NULL THEN NULL
                                   ELSE LEAST(c.last_modstamp, p.since - interval '1 millisecond') END,
              last_id = NULL
         FROM unnest($2::text[], $3::timestamptz[]) AS p(object, since)
        WHERE c.connection_id = $1 AND c.object = p.object AND c.last_modstamp IS NOT NULL
          AND (p.since IS NULL OR c.last_modstamp >= p.since - interval '1 millisecond')`,
      [connectionId, points.map((p) => p.object), points.map((p) => p.since)],
    );
    if (sfIds.length > 0) {
      await this.db(tx).query(
        `UPDATE integrations.salesforce_records SET pulled_hash = NULL, pushed_hash = NULL
          WHERE connection_id = $1 AND sf_id = ANY($2::text[])`,
        [connectionId, sfIds],
      );
    }
  }

  /** An active sync is due now instead of at its schedule; answers whether the sync is active. */
  async runSoon(tx: Transaction, connectionId: string): Promise<boolean> {
    const [, count]: [unknown, number] = await this.db(tx).query(
      `UPDATE integrations.salesforce_connections SET next_run_at = LEAST(next_run_at, now())
        WHERE id = $1 AND is_sync_enabled AND is_sync_active AND deleted_at IS NULL`,
      [connectionId],
    );
    return count > 0;
  }
}
