import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { FieldMapping, SyncPreference } from './salesforce-sync-rules';
import type { PullCursor, SyncedObject } from './salesforce-soql';

export interface SyncConnection {
  id: string;
  organisation_id: string;
  object_settings: Record<string, boolean>;
  selective_sync: Record<string, { active: boolean; field: string | null } | undefined>;
  frequency: number;
  unit: 'minutes' | 'hours' | 'days';
  salesforce_record_create: boolean;
  records_create_settings: { lead?: boolean; contact?: boolean };
  is_sync_enabled: boolean;
  is_sync_active: boolean;
  setup_complete: boolean;
}

export interface SyncRunRow {
  id: string;
  organisation_id: string;
  connection_id: string;
  state: string;
}

export type CountKind = 'updated' | 'inserted' | 'failed';

const DUE_WHERE = `c.deleted_at IS NULL AND c.is_sync_enabled AND c.is_sync_active AND c.setup_complete`;

/** Connections as the engine reads them, their mapping, cursors and runs. */
@Injectable()
export class SalesforceSyncRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private db(tx?: Transaction): EntityManager {
    return tx ? (tx as unknown as EntityManager) : this.dataSource.manager;
  }

  /** Connections whose time has come, and those a stopped process left with an open run. */
  async due(limit: number): Promise<Array<{ id: string; organisation_id: string }>> {
    return this.db().query(
      `SELECT c.id, c.organisation_id FROM integrations.salesforce_connections c
        WHERE ${DUE_WHERE}
          AND (c.next_run_at IS NULL OR c.next_run_at <= now()
               OR EXISTS (SELECT 1 FROM integrations.salesforce_sync_runs r
                           WHERE r.connection_id = c.id AND r.state = 'processing'))
        ORDER BY c.next_run_at NULLS FIRST LIMIT $1`,
      [limit],
    );
  }

  async connection(organisationId: string, connectionId: string): Promise<SyncConnection | null> {
    const rows: SyncConnection[] = await this.db().query(
      `SELECT id, organisation_id, object_settings, selective_sync, frequency, unit, salesforce_record_create,
              records_create_settings, is_sync_enabled, is_sync_active, setup_complete
         FROM integrations.salesforce_connections c
        WHERE c.organisation_id = $1 AND c.id = $2 AND c.deleted_at IS NULL`,
      [organisationId, connectionId],
    );
    return rows[0] ?? null;
  }

  /** The unified mapping's rows that name this connection as a source. */
  async mappings(organisationId: string, connectionId: string): Promise<FieldMapping[]> {
    const rows: Array<{
      person_field: string;
      destination: FieldMapping['destination'];
      source: { field?: { lead?: string | null; contact?: string | null }; sync_preference?: string };
    }> = await this.db().query(
      `SELECT m.person_field, m.destination, s.source
         FROM integrations.person_mappings m, jsonb_array_elements(m.sources) AS s(source)
        WHERE m.organisation_id = $1 AND s.source->>'connection_id' = $2`,
      [organisationId, connectionId],
    );
    return rows.map((r) => ({
      personField: r.person_field,
      lead: r.source.field?.lead ?? null,
      contact: r.source.field?.contact ?? null,
      preference: (['two_way', 'always_use_connection', 'prefer_connection'].includes(
        r.source.sync_preference ?? '',
      )
        ? r.source.sync_preference
        : 'two_way') as SyncPreference,
      destination: r.destination ?? {},
    }));
  }

  /** Fields of an object the integration user may read, lower-cased; null when never described. */
  async readableFields(connectionId: string, object: SyncedObject): Promise<Set<string> | null> {
    const rows: Array<{ fields: Array<{ name: string; access?: string }> }> = await this.db().query(
      `SELECT fields FROM integrations.salesforce_object_fields WHERE connection_id = $1 AND object = $2`,
      [connectionId, object],
    );
    if (!rows[0]) return null;
    return new Set(rows[0].fields.filter((f) => f.access !== 'none').map((f) => f.name.toLowerCase()));
  }

  async cursor(connectionId: string, object: SyncedObject): Promise<PullCursor> {
    const rows: Array<{ last_modstamp: Date | null; last_id: string | null }> = await this.db().query(
      `SELECT last_modstamp, last_id FROM integrations.salesforce_cursors WHERE connection_id = $1 AND object = $2`,
      [connectionId, object],
    );
    const row = rows[0];
    return {
      modstamp: row?.last_modstamp ? new Date(row.last_modstamp).toISOString() : null,
      id: row?.last_id ?? null,
    };
  }

  async setCursor(
    tx: Transaction,
    connectionId: string,
    object: SyncedObject,
    cursor: PullCursor,
  ): Promise<void> {
    await this.db(tx).query(
      `INSERT INTO integrations.salesforce_cursors (connection_id, object, last_modstamp, last_id)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (connection_id, object) DO UPDATE SET last_modstamp = EXCLUDED.last_modstamp, last_id = EXCLUDED.last_id`,
      [connectionId, object, cursor.modstamp, cursor.id],
    );
  }

  /**
   * The run to work on: one a stopped process left open goes on, else a new one if the
   * connection is due (or the run was asked for); null when there is nothing to do.
   */
  async openRun(organisationId: string, connectionId: string, manual: boolean): Promise<SyncRunRow | null> {
    return this.dataSource.transaction(async (manager) => {
      const open: SyncRunRow[] = await manager.query(
        `SELECT id, organisation_id, connection_id, state FROM integrations.salesforce_sync_runs
          WHERE connection_id = $1 AND state = 'processing' ORDER BY start_time DESC LIMIT 1 FOR UPDATE`,
        [connectionId],
      );
      if (open[0]) return open[0];
      // A second job of a connection that just ran (the tick enqueued it meanwhile) finds it not due.
      const [due]: Array<{ due: boolean }> = await manager.query(
        `SELECT (next_run_at IS NULL OR next_run_at <= now()) AS due FROM integrations.salesforce_connections
          WHERE id = $1 FOR UPDATE`,
        [connectionId],
      );
      if (!manual && !due?.due) return null;
      const [run]: SyncRunRow[] = await manager.query(
        `INSERT INTO integrations.salesforce_sync_runs (organisation_id, connection_id, state, trigger)
         VALUES ($1, $2, 'processing', $3) RETURNING id, organisation_id, connection_id, state`,
        [organisationId, connectionId, manual ? 'manual' : 'schedule'],
      );
      return run!;
    });
  }

  /** Adds to a run's per-object counts of one direction (read: pulled, write: pushed). */
  async addCounts(
    tx: Transaction | undefined,
    runId: string,
    direction: 'read' | 'write',
    object: string,
    counts: Partial<Record<CountKind, number>>,
  ): Promise<void> {
    const column = direction === 'read' ? 'sync_read_count' : 'sync_write_count';
    const n = (k: CountKind) => counts[k] ?? 0;
    await this.db(tx).query(
      `UPDATE integrations.salesforce_sync_runs
          SET ${column} = ${column} || jsonb_build_object($2::text, jsonb_build_object(
                'updated', COALESCE((${column}->$2->>'updated')::int, 0) + $3,
                'inserted', COALESCE((${column}->$2->>'inserted')::int, 0) + $4,
                'failed', COALESCE((${column}->$2->>'failed')::int, 0) + $5)),
              total_records = total_records + $3 + $4 + $5
        WHERE id = $1`,
      [runId, object, n('updated'), n('inserted'), n('failed')],
    );
  }

  async addBatches(tx: Transaction, runId: string, published: number): Promise<void> {
    await this.db(tx).query(
      `UPDATE integrations.salesforce_sync_runs SET batches_published = batches_published + $2 WHERE id = $1`,
      [runId, published],
    );
  }

  async addApplied(tx: Transaction, runId: string): Promise<void> {
    await this.db(tx).query(
      `UPDATE integrations.salesforce_sync_runs SET batches_applied = batches_applied + 1 WHERE id = $1`,
      [runId],
    );
  }

  async addUsage(runId: string, calls: number, deferred: number): Promise<void> {
    if (calls === 0 && deferred === 0) return;
    await this.db().query(
      `UPDATE integrations.salesforce_sync_runs
          SET api_calls = api_calls + $2, deferred_count = deferred_count + $3 WHERE id = $1`,
      [runId, calls, deferred],
    );
  }

  /** Ends a run and schedules the next one frequency/unit from now. */
  async finish(
    runId: string,
    connectionId: string,
    state: 'finished' | 'error',
    error: string | null,
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE integrations.salesforce_sync_runs SET state = $2, end_time = now(), error = $3 WHERE id = $1`,
        [runId, state, error],
      );
      await manager.query(
        `UPDATE integrations.salesforce_connections
            SET next_run_at = now() + make_interval(mins => frequency * CASE unit WHEN 'minutes' THEN 1 WHEN 'hours' THEN 60 ELSE 1440 END),
                last_synced_at = CASE WHEN $2 = 'finished' THEN now() ELSE last_synced_at END,
                time_updated = now()
          WHERE id = $1`,
        [connectionId, state],
      );
    });
  }

  /** The login is gone: the connection shows the error and its sync is paused until a new login. */
  async pauseForLogin(connectionId: string, error: string): Promise<void> {
    await this.db().query(
      `UPDATE integrations.salesforce_connections
          SET error = $2, error_time = now(), is_sync_active = false, next_run_at = NULL, time_updated = now()
        WHERE id = $1`,
      [connectionId, error],
    );
  }
}
