import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SalesforceField, SalesforceObject, SalesforcePermissions } from '@meridian/contracts';
import type { Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A live row of integrations.salesforce_connections, without the sealed tokens. */
export interface SalesforceConnectionRow {
  id: string;
  organisation_id: string;
  name: string;
  has_tokens: boolean;
  instance_url: string | null;
  sf_organization_id: string | null;
  oauth_state: string | null;
  setup_complete: boolean;
  permissions: SalesforcePermissions;
  object_settings: { lead: boolean; contact: boolean; account: boolean; opportunity: boolean };
  max_allocated: number;
  org_daily_max: number | null;
  frequency: number;
  unit: 'minutes' | 'hours' | 'days';
  inclusion_list: { list_id: string; list_type: 'static' | 'dynamic' } | null;
  salesforce_record_create: boolean;
  salesforce_record_delete: boolean;
  records_create_settings: { lead: boolean; contact: boolean };
  records_delete_settings: { lead: boolean; contact: boolean };
  selective_sync: {
    lead: { active: boolean; field: string | null };
    contact: { active: boolean; field: string | null };
  };
  is_sync_enabled: boolean;
  is_sync_active: boolean;
  next_run_at: Date | null;
  last_synced_at: Date | null;
  error: string | null;
  error_time: Date | null;
  time_created: Date;
}

/** Columns a settings call may change, as SQL expressions of their new values. */
export type SalesforceConnectionChanges = Partial<
  Pick<
    SalesforceConnectionRow,
    | 'object_settings'
    | 'max_allocated'
    | 'inclusion_list'
    | 'salesforce_record_create'
    | 'salesforce_record_delete'
    | 'records_create_settings'
    | 'records_delete_settings'
    | 'selective_sync'
    | 'is_sync_enabled'
    | 'is_sync_active'
    | 'oauth_state'
  >
> & { next_run_now?: boolean; next_run_clear?: boolean };

const JSON_COLUMNS = new Set([
  'object_settings',
  'inclusion_list',
  'records_create_settings',
  'records_delete_settings',
  'selective_sync',
]);

const COLUMNS = `id, organisation_id, name, tokens_sealed IS NOT NULL AS has_tokens, instance_url,
  sf_organization_id, oauth_state, setup_complete, permissions, object_settings, max_allocated,
  org_daily_max, frequency, unit, inclusion_list, salesforce_record_create, salesforce_record_delete,
  records_create_settings, records_delete_settings, selective_sync, is_sync_enabled, is_sync_active,
  next_run_at, last_synced_at, error, error_time, time_created`;

/** Salesforce connections of one organisation at a time; soft-deleted ones do not exist. */
@Injectable()
export class SalesforceConnectionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private manager(tx?: Transaction): EntityManager {
    return tx ? (tx as unknown as EntityManager) : this.dataSource.manager;
  }

  /** Inserts the organisation's connection; throws the unique violation when one exists. */
  async create(organisationId: string, name: string, createdBy: string): Promise<SalesforceConnectionRow> {
    const rows: SalesforceConnectionRow[] = await this.dataSource.query(
      `INSERT INTO integrations.salesforce_connections (organisation_id, name, created_by)
       VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      [organisationId, name, createdBy],
    );
    return rows[0]!;
  }

  async one(organisationId: string, id: string, tx?: Transaction): Promise<SalesforceConnectionRow | null> {
    if (!UUID.test(id)) return null;
    const rows: SalesforceConnectionRow[] = await this.manager(tx).query(
      `SELECT ${COLUMNS} FROM integrations.salesforce_connections
        WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
      [organisationId, id],
    );
    return rows[0] ?? null;
  }

  /** The organisation's one live connection, if any. */
  async ofOrganisation(organisationId: string): Promise<SalesforceConnectionRow | null> {
    const rows: SalesforceConnectionRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM integrations.salesforce_connections
        WHERE organisation_id = $1 AND deleted_at IS NULL`,
      [organisationId],
    );
    return rows[0] ?? null;
  }

  /** Applies settings changes; null when the connection is not the organisation's. */
  async update(
    organisationId: string,
    id: string,
    changes: SalesforceConnectionChanges,
    tx?: Transaction,
  ): Promise<SalesforceConnectionRow | null> {
    if (!UUID.test(id)) return null;
    const { next_run_now, next_run_clear, ...columns } = changes;
    const sets: string[] = ['time_updated = now()'];
    const params: unknown[] = [organisationId, id];
    for (const [column, value] of Object.entries(columns)) {
      if (value === undefined) continue;
      params.push(JSON_COLUMNS.has(column) && value !== null ? JSON.stringify(value) : value);
      sets.push(`${column} = $${params.length}${JSON_COLUMNS.has(column) ? '::jsonb' : ''}`);
    }
    if (next_run_now) sets.push('next_run_at = now()');
    if (next_run_clear) sets.push('next_run_at = NULL');
    const [rows]: [SalesforceConnectionRow[], number] = await this.manager(tx).query(
      `UPDATE integrations.salesforce_connections SET ${sets.join(', ')}
        WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
      params,
    );
    return rows[0] ?? null;
  }

  /** After a login: the org's daily limit (the allocation never above it) and the sync error cleared. */
  async recordLogin(organisationId: string, id: string, orgDailyMax: number | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE integrations.salesforce_connections
          SET org_daily_max = COALESCE($3, org_daily_max),
              max_allocated = LEAST(max_allocated, COALESCE($3, max_allocated)),
              oauth_state = NULL, error = NULL, error_time = NULL, time_updated = now()
        WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
      [organisationId, id, orgDailyMax],
    );
  }

  /**
   * Disconnect: the row stays for history (runs and errors reference it) but is gone for every
   * call; its login and sync state are cleared and its queued pushes dropped.
   */
  async softDelete(tx: Transaction, organisationId: string, id: string): Promise<boolean> {
    const manager = this.manager(tx);
    const [, count]: [unknown, number] = await manager.query(
      `UPDATE integrations.salesforce_connections
          SET deleted_at = now(), tokens_sealed = NULL, oauth_state = NULL, is_sync_enabled = false,
              is_sync_active = false, next_run_at = NULL, time_updated = now()
        WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
      [organisationId, id],
    );
    if (count !== 1) return false;
    await manager.query(`DELETE FROM integrations.salesforce_push_queue WHERE connection_id = $1`, [id]);
    await manager.query(`DELETE FROM integrations.salesforce_delete_queue WHERE connection_id = $1`, [id]);
    return true;
  }

  /** Stores a fresh describe of every object (absent objects lose their row) and the summary. */
  async saveDescribe(
    tx: Transaction,
    connectionId: string,
    objects: ReadonlyArray<{ object: SalesforceObject; fields: SalesforceField[] | null }>,
    permissions: SalesforcePermissions,
  ): Promise<void> {
    const manager = this.manager(tx);
    const present = objects.filter((o) => o.fields !== null);
    await manager.query(
      `DELETE FROM integrations.salesforce_object_fields
        WHERE connection_id = $1 AND NOT (object = ANY($2::text[]))`,
      [connectionId, present.map((o) => o.object)],
    );
    if (present.length > 0) {
      await manager.query(
        `INSERT INTO integrations.salesforce_object_fields (connection_id, object, fields, time_fetched)
         SELECT $1, o, f, now() FROM unnest($2::text[], $3::jsonb[]) AS t(o, f)
         ON CONFLICT (connection_id, object)
           DO UPDATE SET fields = EXCLUDED.fields, time_fetched = EXCLUDED.time_fetched`,
        [connectionId, present.map((o) => o.object), present.map((o) => JSON.stringify(o.fields))],
      );
    }
    await manager.query(
      `UPDATE integrations.salesforce_connections SET permissions = $2::jsonb, time_updated = now()
        WHERE id = $1`,
      [connectionId, JSON.stringify(permissions)],
    );
  }

  /** The stored describe, per object. */
  async describes(
    connectionId: string,
  ): Promise<Array<{ object: SalesforceObject; fields: SalesforceField[]; time_fetched: Date }>> {
    return this.dataSource.query(
      `SELECT object, fields, time_fetched FROM integrations.salesforce_object_fields WHERE connection_id = $1`,
      [connectionId],
    );
  }

  /** What the push feed depends on; a deleted connection included (it turns the feed off). */
  async pushState(tx: Transaction, organisationId: string, id: string) {
    const rows: Array<{
      is_sync_enabled: boolean;
      is_sync_active: boolean;
      deleted: boolean;
      inclusion_list: SalesforceConnectionRow['inclusion_list'];
    }> = await this.manager(tx).query(
      `SELECT is_sync_enabled, is_sync_active, deleted_at IS NOT NULL AS deleted, inclusion_list
         FROM integrations.salesforce_connections WHERE organisation_id = $1 AND id = $2`,
      [organisationId, id],
    );
    return rows[0] ?? null;
  }

  /** Leads and contacts pulled in the past 24 hours (the unified list's synced counts). */
  async pulledLastDay(connectionId: string): Promise<{ lead: number; contact: number }> {
    const rows: Array<{ lead: number; contact: number }> = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE object = 'lead')::int AS lead,
              count(*) FILTER (WHERE object = 'contact')::int AS contact
         FROM integrations.salesforce_records
        WHERE connection_id = $1 AND time_pulled > now() - interval '24 hours'`,
      [connectionId],
    );
    return rows[0] ?? { lead: 0, contact: 0 };
  }

  /** Work waiting for this connection: persons to push and records to delete. */
  async queued(connectionId: string): Promise<number> {
    const rows: Array<{ count: number }> = await this.dataSource.query(
      `SELECT ((SELECT count(*) FROM integrations.salesforce_push_queue WHERE connection_id = $1)
             + (SELECT count(*) FROM integrations.salesforce_delete_queue WHERE connection_id = $1))::int AS count`,
      [connectionId],
    );
    return rows[0]?.count ?? 0;
  }
}
