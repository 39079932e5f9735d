import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';

export interface PersonRecordRow {
  sf_id: string;
  name: string | null;
  object: string;
  connection_id: string;
  is_selected: boolean;
  modified: Date;
  last_synced: Date | null;
}

/**
 * The Salesforce side the health calls read: the organisation's live connection and a person's
 * records (and which of them is selected).
 */
@Injectable()
export class SalesforcePersonRecordsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private db(tx?: Transaction): EntityManager {
    return tx ? (tx as unknown as EntityManager) : this.dataSource.manager;
  }

  /** The id when it names the organisation's live connection (a malformed id is simply not found). */
  async connection(organisationId: string, connectionId: string): Promise<string | null> {
    const rows = (await this.db().query(
      `SELECT id FROM integrations.salesforce_connections
        WHERE organisation_id = $1 AND id::text = $2 AND deleted_at IS NULL`,
      [organisationId, connectionId],
    )) as Array<{ id: string }>;
    return rows[0]?.id ?? null;
  }

  /** The organisation's one live connection, if any. */
  async connectionOf(organisationId: string): Promise<string | null> {
    const rows = (await this.db().query(
      `SELECT id FROM integrations.salesforce_connections
        WHERE organisation_id = $1 AND deleted_at IS NULL ORDER BY time_created DESC LIMIT 1`,
      [organisationId],
    )) as Array<{ id: string }>;
    return rows[0]?.id ?? null;
  }

  /** The person's live records, the selected one first, then contacts before leads, newest first. */
  async ofPerson(connectionId: string, email: string, tx?: Transaction): Promise<PersonRecordRow[]> {
    return (await this.db(tx).query(
      `SELECT sf_id, name, object, connection_id, is_selected,
              COALESCE(sf_modstamp, time_updated) AS modified,
              GREATEST(time_pulled, time_pushed) AS last_synced
         FROM integrations.salesforce_records
        WHERE connection_id = $1 AND lower(email) = lower($2) AND NOT is_deleted
        ORDER BY is_selected DESC, (object = 'contact') DESC, sf_modstamp DESC NULLS LAST, sf_id`,
      [connectionId, email],
    )) as PersonRecordRow[];
  }

  /**
   * Makes `sfId` the person's one selected record; false when it is not one of their live records.
   * Its pushed hash is cleared, so the next push writes the person's values to it in full.
   */
  async select(tx: Transaction, connectionId: string, email: string, sfId: string): Promise<boolean> {
    const [{ found }] = (await this.db(tx).query(
      `WITH mine AS (
         SELECT sf_id FROM integrations.salesforce_records
          WHERE connection_id = $1 AND lower(email) = lower($2) AND NOT is_deleted
          FOR UPDATE
       ), found AS (SELECT 1 FROM mine WHERE sf_id = $3),
       changed AS (
         UPDATE integrations.salesforce_records r
            SET is_selected = (r.sf_id = $3),
                pushed_hash = CASE WHEN r.sf_id = $3 AND NOT r.is_selected THEN NULL ELSE r.pushed_hash END,
                time_updated = now()
          WHERE r.connection_id = $1 AND r.sf_id IN (SELECT sf_id FROM mine) AND EXISTS (SELECT 1 FROM found)
         RETURNING 1)
       SELECT (SELECT count(*) FROM changed)::int AS changed, EXISTS (SELECT 1 FROM found) AS found`,
      [connectionId, email, sfId],
    )) as Array<{ changed: number; found: boolean }>;
    return found;
  }
}
