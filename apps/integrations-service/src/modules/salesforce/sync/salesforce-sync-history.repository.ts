import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface RunListRow {
  id: string;
  start_time: Date;
  end_time: Date | null;
  state: string;
  sync_read_count: Record<string, Partial<Record<'updated' | 'inserted' | 'failed', number>>>;
  sync_write_count: Record<string, Partial<Record<'updated' | 'inserted' | 'failed', number>>>;
  total_records: number;
  api_calls: number;
  deferred_count: number;
  error: string | null;
}

export interface HistoryRow {
  is_sync_enabled: boolean;
  is_sync_active: boolean;
  next_run_at: Date | null;
  last_completed: Date | null;
  counts: Array<{ object: string; total: number; new: number }>;
}

/** Connection ids are uuids; any other text names no connection (and would fail the uuid cast). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A run is empty when it read, wrote and deferred nothing and ended well. */
const NOT_EMPTY = `NOT (r.state = 'finished' AND r.total_records = 0 AND r.deferred_count = 0)`;

/** The history tab's reads: runs in a window, the details card. */
@Injectable()
export class SalesforceSyncHistoryRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async runs(
    organisationId: string,
    connectionId: string,
    window: { from: Date; to: Date; includeEmpty: boolean },
    page: { size: number; number: number },
  ): Promise<{ runs: RunListRow[]; total: number }> {
    const where = `r.organisation_id = $1 AND r.connection_id = $2 AND r.start_time >= $3 AND r.start_time <= $4
      ${window.includeEmpty ? '' : `AND ${NOT_EMPTY}`}`;
    const params = [organisationId, connectionId, window.from, window.to];
    const [count]: Array<{ n: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM integrations.salesforce_sync_runs r WHERE ${where}`,
      params,
    );
    const runs: RunListRow[] = await this.dataSource.query(
      `SELECT r.id, r.start_time, r.end_time, r.state, r.sync_read_count, r.sync_write_count, r.total_records,
              r.api_calls, r.deferred_count, r.error
         FROM integrations.salesforce_sync_runs r WHERE ${where}
        ORDER BY r.start_time DESC, r.id LIMIT $5 OFFSET $6`,
      [...params, page.size, (page.number - 1) * page.size],
    );
    return { runs, total: count?.n ?? 0 };
  }

  async details(organisationId: string, connectionId: string): Promise<HistoryRow | null> {
    if (!UUID.test(connectionId)) return null;
    const rows: HistoryRow[] = await this.dataSource.query(
      `SELECT c.is_sync_enabled, c.is_sync_active, c.next_run_at,
              (SELECT max(end_time) FROM integrations.salesforce_sync_runs
                WHERE connection_id = c.id AND state = 'finished') AS last_completed,
              COALESCE((SELECT jsonb_agg(jsonb_build_object('object', object, 'total', total, 'new', fresh))
                 FROM (SELECT object, count(*)::int AS total,
                              count(*) FILTER (WHERE time_created > now() - interval '24 hours')::int AS fresh
                         FROM integrations.salesforce_records
                        WHERE connection_id = c.id AND NOT is_deleted GROUP BY object) o), '[]'::jsonb) AS counts
         FROM integrations.salesforce_connections c
        WHERE c.organisation_id = $1 AND c.id = $2 AND c.deleted_at IS NULL`,
      [organisationId, connectionId],
    );
    return rows[0] ?? null;
  }
}
