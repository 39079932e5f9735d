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

  /** Takes (deletes) the oldest rows in `tx`: they are gone only if the transaction commits. */
  async claim(tx: Transaction, limit: number): Promise<InboxRow[]> {
    const manager = tx as unknown as EntityManager;
    return manager.query(
      // As a CTE so the driver answers the rows (a bare DELETE answers [rows, count]).
      `WITH claimed AS (
         DELETE FROM integrations.segment_inbox
          WHERE id IN (SELECT id FROM integrations.segment_inbox ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING id, organisation_id, received_at, payload
       )
       SELECT organisation_id, (extract(epoch FROM received_at) * 1000)::float8 AS received_ms, payload
         FROM claimed ORDER BY id`,
      [limit],
    );
  }
}
