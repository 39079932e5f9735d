import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SyncColumn } from '@meridian/contracts';
import type { Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';

export interface SyncRow {
  id: string;
  organisation_id: string;
  connection_id: string;
  sync_enabled: boolean;
  next_run_time: Date | null;
}

export interface SyncTableRow {
  id: string;
  position: number;
  table_name: string;
  destination_table_name: string | null;
  cursor_column: string | null;
  columns: SyncColumn[];
  cursor_value: string | null;
  cursor_key: string | null;
}

/** What a sync needs of its connection (the connections part owns the table). */
export interface SyncConnection {
  id: string;
  organisation_id: string;
  label: string;
  schema_name: string | null;
  error: string | null;
  error_time: Date | null;
  time_last_synced: Date | null;
  sync_interval: number | null;
}

export interface NewSyncTable {
  table_name: string;
  destination_table_name: string | null;
  cursor_column: string | null;
  columns: SyncColumn[];
}

/** Syncs and their tables, and the sync facts of `integrations.connections`; every query bound to one organisation. */
@Injectable()
export class WarehouseSyncsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private db(tx?: Transaction): EntityManager {
    return tx ? (tx as unknown as EntityManager) : this.dataSource.manager;
  }

  async connection(
    organisationId: string,
    connectionId: string,
    tx?: Transaction,
  ): Promise<SyncConnection | null> {
    if (!/^[0-9a-f-]{36}$/i.test(connectionId)) return null;
    const rows = (await this.db(tx).query(
      `SELECT id, organisation_id, label, schema_name, error, error_time, time_last_synced, sync_interval
       FROM integrations.connections
       WHERE id = $1 AND organisation_id = $2 AND typ IN ('postgres', 'redshift', 'snowflake')
       ${tx ? 'FOR UPDATE' : ''}`,
      [connectionId, organisationId],
    )) as SyncConnection[];
    return rows[0] ?? null;
  }

  /** `lock`: the row stays locked until `tx` ends, so a change that depends on its state takes turns. */
  async byConnection(
    organisationId: string,
    connectionId: string,
    tx?: Transaction,
    lock = false,
  ): Promise<SyncRow | null> {
    const rows = (await this.db(tx).query(
      `SELECT id, organisation_id, connection_id, sync_enabled, next_run_time
       FROM integrations.warehouse_syncs WHERE organisation_id = $1 AND connection_id = $2
       ${lock ? 'FOR UPDATE' : ''}`,
      [organisationId, connectionId],
    )) as SyncRow[];
    return rows[0] ?? null;
  }

  async byId(organisationId: string, syncId: string): Promise<SyncRow | null> {
    const rows = (await this.db().query(
      `SELECT id, organisation_id, connection_id, sync_enabled, next_run_time
       FROM integrations.warehouse_syncs WHERE organisation_id = $1 AND id = $2`,
      [organisationId, syncId],
    )) as SyncRow[];
    return rows[0] ?? null;
  }

  async tables(syncId: string, tx?: Transaction): Promise<SyncTableRow[]> {
    return (await this.db(tx).query(
      `SELECT id, position, table_name, destination_table_name, cursor_column, columns, cursor_value, cursor_key
       FROM integrations.warehouse_sync_tables WHERE sync_id = $1 ORDER BY position`,
      [syncId],
    )) as SyncTableRow[];
  }

  async create(
    tx: Transaction,
    organisationId: string,
    connectionId: string,
    enabled: boolean,
    createdBy: string,
  ): Promise<SyncRow> {
    const rows = (await this.db(tx).query(
      `INSERT INTO integrations.warehouse_syncs (organisation_id, connection_id, sync_enabled, next_run_time, created_by)
       VALUES ($1, $2, $3, CASE WHEN $3 THEN now() END, $4)
       RETURNING id, organisation_id, connection_id, sync_enabled, next_run_time`,
      [organisationId, connectionId, enabled, createdBy],
    )) as SyncRow[];
    return rows[0]!;
  }

  /** Adds tables (set-based) after the existing ones. */
  async addTables(
    tx: Transaction,
    sync: SyncRow,
    tables: readonly NewSyncTable[],
    from: number,
  ): Promise<void> {
    if (tables.length === 0) return;
    await this.db(tx).query(
      `INSERT INTO integrations.warehouse_sync_tables
         (organisation_id, sync_id, position, table_name, destination_table_name, cursor_column, columns)
       SELECT $1, $2, $3::int + t.ord::int - 1, t.table_name, t.destination_table_name, t.cursor_column, t.columns
       FROM ROWS FROM (jsonb_to_recordset($4::jsonb)
         AS (table_name text, destination_table_name text, cursor_column text, columns jsonb)) WITH ORDINALITY
         AS t(table_name, destination_table_name, cursor_column, columns, ord)`,
      [sync.organisation_id, sync.id, from, JSON.stringify(tables)],
    );
  }

  /**
   * New columns of a saved table. A cursor table reads again from the start, so the new columns
   * reach rows synced before (a content-hash table does so by itself: the hashes change).
   */
  async extendColumns(tx: Transaction, tableId: string, columns: readonly SyncColumn[]): Promise<void> {
    await this.db(tx).query(
      `UPDATE integrations.warehouse_sync_tables
       SET columns = $2::jsonb, cursor_value = NULL, cursor_key = NULL WHERE id = $1`,
      [tableId, JSON.stringify(columns)],
    );
  }

  async setEnabled(tx: Transaction, syncId: string, enabled: boolean, runNow: boolean): Promise<void> {
    await this.db(tx).query(
      `UPDATE integrations.warehouse_syncs
       SET sync_enabled = $2, next_run_time = CASE WHEN $3 THEN now() ELSE next_run_time END, time_updated = now()
       WHERE id = $1`,
      [syncId, enabled, runNow],
    );
  }

  /** The connection's interval (index) and, on resume, its error cleared. */
  async updateConnection(
    tx: Transaction,
    connectionId: string,
    patch: { syncInterval?: number; clearError?: boolean },
  ): Promise<void> {
    await this.db(tx).query(
      `UPDATE integrations.connections
       SET sync_interval = COALESCE($2, sync_interval),
           error = CASE WHEN $3 THEN NULL ELSE error END,
           error_time = CASE WHEN $3 THEN NULL ELSE error_time END,
           time_updated = now()
       WHERE id = $1`,
      [connectionId, patch.syncInterval ?? null, patch.clearError ?? false],
    );
  }

  /**
   * The destination tables (null: a custom table) that the syncs of the organisation's other
   * connections feed; with no connection, those of all its connections.
   */
  async destinationsInUse(
    organisationId: string,
    exceptConnectionId: string | null,
    tx?: Transaction,
  ): Promise<(string | null)[]> {
    const rows = (await this.db(tx).query(
      `SELECT DISTINCT t.destination_table_name AS name
       FROM integrations.warehouse_sync_tables t
       JOIN integrations.warehouse_syncs s ON s.id = t.sync_id AND s.organisation_id = $1
       JOIN integrations.connections c ON c.id = s.connection_id AND c.organisation_id = $1
       WHERE t.organisation_id = $1 AND ($2::uuid IS NULL OR s.connection_id <> $2::uuid)`,
      [organisationId, exceptConnectionId],
    )) as { name: string | null }[];
    return rows.map((r) => r.name);
  }

  /**
   * Serialises the organisation's sync saves until the transaction ends, so two connections cannot
   * both take a single-source destination table at once.
   */
  async lockDestinations(tx: Transaction, organisationId: string): Promise<void> {
    await this.db(tx).query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `warehouse-sync-destinations:${organisationId}`,
    ]);
  }

  /** Custom destination columns the organisation's syncs map (the person fields they create). */
  async customColumns(
    organisationId: string,
    defaults: readonly string[],
    tx?: Transaction,
  ): Promise<string[]> {
    const rows = (await this.db(tx).query(
      `SELECT DISTINCT c->>'destination_column_name' AS name
       FROM integrations.warehouse_sync_tables t, jsonb_array_elements(t.columns) c
       WHERE t.organisation_id = $1 AND NOT (c->>'destination_column_name' = ANY($2::text[]))
       ORDER BY 1`,
      [organisationId, defaults],
    )) as { name: string }[];
    return rows.map((r) => r.name);
  }

  facts(organisationId: string, connectionIds: readonly string[]): Promise<SyncFactsRow[]> {
    return syncFacts(this.dataSource, organisationId, connectionIds);
  }

  /** Syncs due to run: enabled, their connection without error, their time come. */
  async due(limit: number): Promise<{ id: string; organisation_id: string }[]> {
    return (await this.db().query(
      `SELECT s.id, s.organisation_id FROM integrations.warehouse_syncs s
       JOIN integrations.connections c ON c.id = s.connection_id
       WHERE s.sync_enabled AND c.error IS NULL AND s.next_run_time <= now()
       ORDER BY s.next_run_time LIMIT $1`,
      [limit],
    )) as { id: string; organisation_id: string }[];
  }
}

export interface SyncFactsRow {
  connection_id: string;
  connected_tables: number;
  sync_enabled: boolean;
  active: boolean;
  next_run_time: Date | null;
  synced_24h: string;
}

/** The unified connections list's figures of some connections' syncs, in one query. */
export async function syncFacts(
  dataSource: DataSource,
  organisationId: string,
  connectionIds: readonly string[],
): Promise<SyncFactsRow[]> {
  return (await dataSource.query(
    `SELECT s.connection_id, s.sync_enabled, (s.sync_enabled AND c.error IS NULL) AS active, s.next_run_time,
       (SELECT count(*)::int FROM integrations.warehouse_sync_tables t WHERE t.sync_id = s.id) AS connected_tables,
       (SELECT COALESCE(sum(r.records_inserted_count + r.records_updated_count), 0)::bigint
          FROM integrations.warehouse_sync_runs r
          WHERE r.sync_id = s.id AND r.time_sync_started > now() - interval '24 hours') AS synced_24h
     FROM integrations.warehouse_syncs s JOIN integrations.connections c ON c.id = s.connection_id
     WHERE s.organisation_id = $1 AND s.connection_id = ANY($2::uuid[])`,
    [organisationId, connectionIds],
  )) as SyncFactsRow[];
}
