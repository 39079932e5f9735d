import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';

/** Where a run is in one table: past which key (content-hash tables), and whether it is done. */
export interface TableProgress {
  after: string | null;
  done: boolean;
  /** Content-hash reads: keys compared, and key ranges scanned because their aggregate differed. */
  scanned?: number;
  rescanned?: number;
}

export interface RunRow {
  id: string;
  organisation_id: string;
  sync_id: string;
  connection_id: string;
  state: 'running' | 'finished' | 'failed';
  time_sync_started: Date;
  time_sync_finished: Date | null;
  error: string | null;
  error_time: Date | null;
  progress: Record<string, TableProgress>;
  records_read_count: string;
  batches_published: number;
  records_inserted_count: string;
  records_updated_count: string;
  records_failed_count: string;
}

const RUN = `id, organisation_id, sync_id, connection_id, state, time_sync_started, time_sync_finished, error,
  error_time, progress, records_read_count, batches_published, records_inserted_count, records_updated_count,
  records_failed_count`;

/** Sync runs, their checkpoints and the row hashes of content-hash tables. */
@Injectable()
export class SyncRunsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private db(tx?: Transaction): EntityManager {
    return tx ? (tx as unknown as EntityManager) : this.dataSource.manager;
  }

  /**
   * The run to work on: one still running (its process stopped) goes on; after a failed one a new
   * run starts from where it stopped; else a new run from the start.
   */
  async open(organisationId: string, syncId: string, connectionId: string): Promise<RunRow> {
    return this.dataSource.transaction(async (manager) => {
      const [last] = (await manager.query(
        `SELECT ${RUN} FROM integrations.warehouse_sync_runs WHERE sync_id = $1
         ORDER BY time_sync_started DESC LIMIT 1 FOR UPDATE`,
        [syncId],
      )) as RunRow[];
      if (last?.state === 'running') return last;
      const progress = last?.state === 'failed' ? last.progress : {};
      const [run] = (await manager.query(
        `INSERT INTO integrations.warehouse_sync_runs (organisation_id, sync_id, connection_id, state, progress)
         VALUES ($1, $2, $3, 'running', $4::jsonb) RETURNING ${RUN}`,
        [organisationId, syncId, connectionId, JSON.stringify(progress)],
      )) as RunRow[];
      return run!;
    });
  }

  /**
   * A batch published: the run's checkpoint for the table and its read count, in the publishing
   * transaction. Only from the checkpoint the runner last saw (`published` batches): a runner
   * whose run another process has gone on with (its lock's connection was lost) gets false, and
   * its transaction must roll back, or the same rows would be published and counted twice.
   */
  async checkpoint(
    tx: Transaction,
    runId: string,
    tableId: string,
    progress: TableProgress,
    read: number,
    batches: number,
    published: number,
  ): Promise<boolean> {
    const rows = (await this.db(tx).query(
      `WITH moved AS (
         UPDATE integrations.warehouse_sync_runs
         SET progress = jsonb_set(progress, ARRAY[$2::text], $3::jsonb),
             records_read_count = records_read_count + $4, batches_published = batches_published + $5
         WHERE id = $1 AND state = 'running' AND batches_published = $6 RETURNING id)
       SELECT id FROM moved`,
      [runId, tableId, JSON.stringify(progress), read, batches, published],
    )) as { id: string }[];
    return rows.length === 1;
  }

  async setCursor(tx: Transaction, tableId: string, value: string, key: string): Promise<void> {
    await this.db(tx).query(
      `UPDATE integrations.warehouse_sync_tables SET cursor_value = $2, cursor_key = $3 WHERE id = $1`,
      [tableId, value, key],
    );
  }

  /** The keys among `keys` whose stored hash differs from `hashes` (or that have none): one query. */
  async changedKeys(tableId: string, keys: readonly string[], hashes: readonly string[]): Promise<string[]> {
    const rows = (await this.db().query(
      // One probe of the primary key per key of the page. As a join the planner, whose figures for
      // the hashes lag a first sync, hashed every stored hash of the table for each page.
      `SELECT u.key FROM unnest($2::text[], $3::uuid[]) AS u(key, hash)
       WHERE (SELECT h.hash FROM integrations.warehouse_row_hashes h WHERE h.sync_table_id = $1 AND h.key = u.key)
         IS DISTINCT FROM u.hash`,
      [tableId, keys, hashes],
    )) as { key: string }[];
    return rows.map((r) => r.key);
  }

  async storeHashes(
    tx: Transaction,
    tableId: string,
    keys: readonly string[],
    hashes: readonly string[],
  ): Promise<void> {
    if (keys.length === 0) return;
    await this.db(tx).query(
      `INSERT INTO integrations.warehouse_row_hashes (sync_table_id, key, hash)
       SELECT $1, u.key, u.hash FROM unnest($2::text[], $3::uuid[]) AS u(key, hash)
       ON CONFLICT (sync_table_id, key) DO UPDATE SET hash = excluded.hash`,
      [tableId, keys, hashes],
    );
  }

  /** The run is over: the next one is due after the connection's interval. */
  async finish(runId: string, syncId: string, connectionId: string, intervalMinutes: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      // A SELECT over the UPDATE: a bare UPDATE ... RETURNING answers with its row count beside the rows.
      const [run] = (await manager.query(
        `WITH done AS (
           UPDATE integrations.warehouse_sync_runs SET state = 'finished', time_sync_finished = now()
           WHERE id = $1 AND state = 'running' RETURNING time_sync_started)
         SELECT time_sync_started FROM done`,
        [runId],
      )) as { time_sync_started: Date }[];
      if (!run) return;
      await manager.query(
        `UPDATE integrations.warehouse_syncs
         SET next_run_time = $2::timestamptz + make_interval(mins => $3) WHERE id = $1`,
        [syncId, run.time_sync_started, intervalMinutes],
      );
      await manager.query(`UPDATE integrations.connections SET time_last_synced = now() WHERE id = $1`, [
        connectionId,
      ]);
    });
  }

  /**
   * The run failed: the sync pauses ('Sync Paused') with the error on the connection, inside `tx`
   * (with its activity entry). Its checkpoint stays for the run that follows a resume.
   */
  async fail(
    tx: Transaction,
    runId: string,
    syncId: string,
    connectionId: string,
    error: string,
  ): Promise<void> {
    const db = this.db(tx);
    await db.query(
      `UPDATE integrations.warehouse_sync_runs SET state = 'failed', error = $2, error_time = now(),
         time_sync_finished = now() WHERE id = $1`,
      [runId, error],
    );
    await db.query(
      `UPDATE integrations.warehouse_syncs SET sync_enabled = false, time_updated = now() WHERE id = $1`,
      [syncId],
    );
    await db.query(
      `UPDATE integrations.connections SET error = $2, error_time = now(), time_updated = now() WHERE id = $1`,
      [connectionId, error],
    );
  }

  /** The campaign service's answer to batches: counts added once per event (the consumer is idempotent). */
  async addApplied(
    tx: Transaction,
    items: readonly { runId: string; inserted: number; updated: number; failed: number }[],
  ): Promise<void> {
    if (items.length === 0) return;
    await this.db(tx).query(
      `UPDATE integrations.warehouse_sync_runs r
       SET records_inserted_count = r.records_inserted_count + a.inserted,
           records_updated_count = r.records_updated_count + a.updated,
           records_failed_count = r.records_failed_count + a.failed,
           batches_applied = r.batches_applied + a.batches
       FROM (SELECT run_id, sum(inserted) AS inserted, sum(updated) AS updated, sum(failed) AS failed, count(*) AS batches
             FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[]) AS u(run_id, inserted, updated, failed)
             GROUP BY run_id) a
       WHERE r.id = a.run_id`,
      [
        items.map((i) => i.runId),
        items.map((i) => i.inserted),
        items.map((i) => i.updated),
        items.map((i) => i.failed),
      ],
    );
  }

  async list(
    organisationId: string,
    connectionId: string,
    from: Date,
    to: Date,
    pageSize: number,
    pageNumber: number,
  ): Promise<{ runs: RunRow[]; total: number }> {
    const [{ total }] = (await this.db().query(
      `SELECT count(*)::int AS total FROM integrations.warehouse_sync_runs
       WHERE organisation_id = $1 AND connection_id = $2 AND time_sync_started BETWEEN $3 AND $4`,
      [organisationId, connectionId, from, to],
    )) as [{ total: number }];
    const runs = (await this.db().query(
      `SELECT ${RUN} FROM integrations.warehouse_sync_runs
       WHERE organisation_id = $1 AND connection_id = $2 AND time_sync_started BETWEEN $3 AND $4
       ORDER BY time_sync_started DESC, id LIMIT $5 OFFSET $6`,
      [organisationId, connectionId, from, to, pageSize, (pageNumber - 1) * pageSize],
    )) as RunRow[];
    return { runs, total };
  }

  /** The last finished run and the synced total over all runs of a sync. */
  async summary(syncId: string): Promise<{ last: RunRow | null; total: number }> {
    const [last] = (await this.db().query(
      `SELECT ${RUN} FROM integrations.warehouse_sync_runs WHERE sync_id = $1 AND state <> 'running'
       ORDER BY time_sync_started DESC LIMIT 1`,
      [syncId],
    )) as RunRow[];
    const [{ total }] = (await this.db().query(
      `SELECT COALESCE(sum(records_inserted_count + records_updated_count), 0)::bigint AS total
       FROM integrations.warehouse_sync_runs WHERE sync_id = $1`,
      [syncId],
    )) as [{ total: string }];
    return { last: last ?? null, total: Number(total) };
  }
}
