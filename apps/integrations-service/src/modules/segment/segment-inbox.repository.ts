import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Transaction } from '@meridian/server-kit';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DataSource, type EntityManager } from 'typeorm';

export interface InboxRow {
  organisation_id: string;
  /** When the call was received, as epoch milliseconds (cheaper to read than a timestamp per row). */
  received_ms: number;
  payload: string;
}

const COPY_SQL = 'COPY integrations.segment_inbox (organisation_id, received_at, payload) FROM STDIN';

/** A COPY text field: JSON has no raw tabs or newlines, so only its backslashes need doubling. */
const copyText = (json: string) => (json.includes('\\') ? json.replace(/\\/g, '\\\\') : json);

/**
 * The inbox of accepted Tracking API calls: written by one COPY per request (committed before the
 * request is answered), emptied by the relay, which claims rows with SKIP LOCKED so several
 * replicas share the work and a crashed one leaves its rows to the next.
 */
@Injectable()
export class SegmentInboxRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async copy(organisationId: string, receivedAt: Date, payloads: string[]): Promise<void> {
    if (payloads.length === 0) return;
    const prefix = `${organisationId}\t${receivedAt.toISOString()}\t`;
    let text = '';
    for (const payload of payloads) text += `${prefix}${copyText(payload)}\n`;
    const runner = this.dataSource.createQueryRunner();
    try {
      const client = (await runner.connect()) as PoolClient;
      await pipeline(Readable.from([text]), client.query(copyFrom(COPY_SQL)));
    } finally {
      await runner.release();
    }
  }

  /**
   * Takes (deletes) up to `limit` rows in `tx`, in turns across the organisations with calls
   * waiting: each organisation's oldest first, then each one's next, so a slice carries every
   * waiting organisation's calls however many one of them sent. The rows are gone only if the
   * transaction commits.
   */
  async claim(tx: Transaction, limit: number): Promise<InboxRow[]> {
    const manager = tx as unknown as EntityManager;
    return manager.query(CLAIM_SQL, [limit]);
  }
}

/**
 * The waiting organisations come from the (organisation_id, id) index one look-up each (a loose
 * index scan), and each gives at most its share of candidates (all of `limit` while few are
 * waiting, fewer as more are, never under 50), so a slice reads a bounded number of index
 * entries. The candidates are taken by turn, then locked with SKIP LOCKED so replicas share the
 * work; a candidate another replica holds is left to it.
 */
const CLAIM_SQL = `
WITH RECURSIVE waiting AS (
  (SELECT organisation_id FROM integrations.segment_inbox ORDER BY organisation_id LIMIT 1)
  UNION ALL
  SELECT (SELECT i.organisation_id FROM integrations.segment_inbox i
           WHERE i.organisation_id > w.organisation_id ORDER BY i.organisation_id LIMIT 1)
    FROM waiting w WHERE w.organisation_id IS NOT NULL
), organisations AS (
  SELECT organisation_id FROM waiting WHERE organisation_id IS NOT NULL
), share AS (
  SELECT least($1::int, greatest(50, ceil(4.0 * $1::int / greatest(count(*), 1))))::int AS n FROM organisations
), candidates AS (
  SELECT c.id, row_number() OVER (PARTITION BY o.organisation_id ORDER BY c.id) AS turn
    FROM organisations o
    CROSS JOIN LATERAL (
      SELECT i.id FROM integrations.segment_inbox i
       WHERE i.organisation_id = o.organisation_id ORDER BY i.id LIMIT (SELECT n FROM share)) c
), claimed AS (
  DELETE FROM integrations.segment_inbox
   WHERE id IN (
     SELECT i.id FROM integrations.segment_inbox i
      WHERE i.id IN (SELECT id FROM candidates ORDER BY turn, id LIMIT $1)
      FOR UPDATE SKIP LOCKED)
   RETURNING id, organisation_id, received_at, payload
)
SELECT organisation_id, (extract(epoch FROM received_at) * 1000)::float8 AS received_ms, payload
  FROM claimed ORDER BY id`;
