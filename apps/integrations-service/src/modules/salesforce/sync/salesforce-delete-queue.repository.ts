import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { PullCursor, SyncedObject } from './salesforce-soql';

/** A Salesforce record waiting to be deleted because its person was deleted in the product. */
export interface ReadyDelete {
  object: SyncedObject;
  sf_id: string;
  email: string | null;
  person_id: string | null;
  name: string | null;
}

/** Drops a deletion after this many failures; its error row stays in sync health. */
export const MAX_DELETE_ATTEMPTS = 5;

/**
 * Deletions both ways, set-based: persons deleted in the product (their records queued for
 * deletion where the connection deletes that object, else only unlinked), and records deleted in
 * Salesforce (marked deleted, so they leave the person's panel and stop being pushed to).
 */
@Injectable()
export class SalesforceDeleteQueueRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private db(tx?: Transaction): EntityManager {
    return tx ? (tx as unknown as EntityManager) : this.dataSource.manager;
  }

  /**
   * Persons deleted in the product: their live lead/contact records are queued for deletion on
   * connections with salesforce_record_delete and that object in records_delete_settings; every
   * record of their emails is unlinked, their waiting pushes dropped and open write errors closed.
   */
  async personsDeleted(
    tx: Transaction,
    organisationId: string,
    persons: ReadonlyArray<{ person_id: string; email: string }>,
  ): Promise<void> {
    if (persons.length === 0) return;
    const emails = persons.map((p) => p.email.toLowerCase());
    const ids = persons.map((p) => p.person_id);
    await this.db(tx).query(
      `INSERT INTO integrations.salesforce_delete_queue (organisation_id, connection_id, object, sf_id, email,
           person_id, name)
       SELECT r.organisation_id, r.connection_id, r.object, r.sf_id, r.email, u.person_id, r.name
         FROM unnest($2::text[], $3::text[]) AS u(key, person_id)
         JOIN integrations.salesforce_records r ON lower(r.email) = u.key
         JOIN integrations.salesforce_connections c ON c.id = r.connection_id
        WHERE r.organisation_id = $1 AND c.organisation_id = $1 AND c.deleted_at IS NULL
          AND NOT r.is_deleted AND r.object IN ('lead', 'contact')
          AND c.salesforce_record_delete AND COALESCE((c.records_delete_settings->>r.object)::boolean, false)
       ON CONFLICT (connection_id, sf_id) DO NOTHING`,
      [organisationId, emails, ids],
    );
    await this.db(tx).query(
      `UPDATE integrations.salesforce_records SET is_selected = false, time_updated = now()
        WHERE organisation_id = $1 AND lower(email) = ANY($2::text[]) AND is_selected`,
      [organisationId, emails],
    );
    await this.db(tx).query(
      `DELETE FROM integrations.salesforce_push_queue WHERE organisation_id = $1 AND person_id = ANY($2::text[])`,
      [organisationId, ids],
    );
    await this.db(tx).query(
      `UPDATE integrations.salesforce_errors SET resolved_at = now()
        WHERE organisation_id = $1 AND direction = 'write' AND resolved_at IS NULL
          AND lower(record_key) = ANY($2::text[])`,
      [organisationId, emails],
    );
  }

  /** Ready deletions, oldest first. */
  ready(connectionId: string, limit: number): Promise<ReadyDelete[]> {
    return this.db().query(
      `SELECT object, sf_id, email, person_id, name FROM integrations.salesforce_delete_queue
        WHERE connection_id = $1 AND not_before <= now()
        ORDER BY enqueued_at, sf_id LIMIT $2`,
      [connectionId, limit],
    );
  }

  /**
   * Records gone from Salesforce (deleted by us, or found deleted there): marked deleted and not
   * selected, their queued deletions and open errors closed. For every email that lost its selected
   * record another live record (a contact first, then the latest) becomes the selected one.
   */
  async recordsDeleted(tx: Transaction | undefined, connectionId: string, sfIds: readonly string[]) {
    if (sfIds.length === 0) return;
    const db = this.db(tx);
    await db.query(
      `WITH lost AS (
         -- Read before the update below (one snapshot): emails whose selected record goes.
         SELECT DISTINCT lower(email) AS key FROM integrations.salesforce_records
          WHERE connection_id = $1 AND sf_id = ANY($2::text[]) AND is_selected AND NOT is_deleted
            AND email IS NOT NULL
       ), gone AS (
         UPDATE integrations.salesforce_records SET is_deleted = true, is_selected = false, time_updated = now()
          WHERE connection_id = $1 AND sf_id = ANY($2::text[]) AND NOT is_deleted
       ), pick AS (
         SELECT DISTINCT ON (lower(r.email)) r.sf_id FROM integrations.salesforce_records r
           JOIN lost l ON lower(r.email) = l.key
          WHERE r.connection_id = $1 AND NOT r.is_deleted AND r.sf_id <> ALL($2::text[])
            AND NOT EXISTS (SELECT 1 FROM integrations.salesforce_records s
                             WHERE s.connection_id = $1 AND lower(s.email) = l.key AND s.is_selected
                               AND NOT s.is_deleted AND s.sf_id <> ALL($2::text[]))
          ORDER BY lower(r.email), (r.object = 'contact') DESC, r.sf_modstamp DESC NULLS LAST
       )
       UPDATE integrations.salesforce_records r SET is_selected = true, time_updated = now()
         FROM pick WHERE r.connection_id = $1 AND r.sf_id = pick.sf_id`,
      [connectionId, sfIds],
    );
    await db.query(
      `DELETE FROM integrations.salesforce_delete_queue WHERE connection_id = $1 AND sf_id = ANY($2::text[])`,
      [connectionId, sfIds],
    );
    await db.query(
      `UPDATE integrations.salesforce_errors SET resolved_at = now()
        WHERE connection_id = $1 AND resolved_at IS NULL AND sf_id = ANY($2::text[])`,
      [connectionId, sfIds],
    );
  }

  /** How far the records deleted in Salesforce have been read (null: from the start of the bin). */
  async deletedCursor(connectionId: string, object: SyncedObject): Promise<PullCursor> {
    const rows: Array<{ stamp: Date | null; id: string | null }> = await this.db().query(
      `SELECT deleted_modstamp AS stamp, deleted_id AS id FROM integrations.salesforce_cursors
        WHERE connection_id = $1 AND object = $2`,
      [connectionId, object],
    );
    const row = rows[0];
    return { modstamp: row?.stamp ? new Date(row.stamp).toISOString() : null, id: row?.id ?? null };
  }

  async setDeletedCursor(tx: Transaction, connectionId: string, object: SyncedObject, cursor: PullCursor) {
    await this.db(tx).query(
      `INSERT INTO integrations.salesforce_cursors (connection_id, object, deleted_modstamp, deleted_id)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (connection_id, object) DO UPDATE
         SET deleted_modstamp = EXCLUDED.deleted_modstamp, deleted_id = EXCLUDED.deleted_id`,
      [connectionId, object, cursor.modstamp, cursor.id],
    );
  }

  /** Failed deletions: tried again later with a growing wait, dropped after the last attempt. */
  async failed(connectionId: string, sfIds: readonly string[]): Promise<void> {
    if (sfIds.length === 0) return;
    await this.db().query(
      `UPDATE integrations.salesforce_delete_queue
          SET attempts = attempts + 1,
              not_before = now() + make_interval(mins => least(5 * power(2, attempts)::int, 24 * 60))
        WHERE connection_id = $1 AND sf_id = ANY($2::text[])`,
      [connectionId, sfIds],
    );
    await this.db().query(
      `DELETE FROM integrations.salesforce_delete_queue WHERE connection_id = $1 AND attempts >= $2`,
      [connectionId, MAX_DELETE_ATTEMPTS],
    );
  }

  /** Records another process holds: tried again a minute later, not counted as an attempt. */
  async later(connectionId: string, sfIds: readonly string[]): Promise<void> {
    if (sfIds.length === 0) return;
    await this.db().query(
      `UPDATE integrations.salesforce_delete_queue SET not_before = now() + interval '1 minute'
        WHERE connection_id = $1 AND sf_id = ANY($2::text[])`,
      [connectionId, sfIds],
    );
  }
}
