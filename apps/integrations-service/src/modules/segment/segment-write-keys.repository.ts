import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';

/** The Segment write keys the ingest accepts, as hashes (auth keeps the keys' owner record). */
@Injectable()
export class SegmentWriteKeysRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The organisation of a live key, or null. */
  async organisationOf(keyHash: string): Promise<string | null> {
    const rows: { organisation_id: string }[] = await this.dataSource.query(
      `SELECT organisation_id FROM integrations.segment_write_keys WHERE key_hash = $1 AND retired_at IS NULL`,
      [keyHash],
    );
    return rows[0]?.organisation_id ?? null;
  }

  /** Stores a new key and retires the listed ones (of its organisation only); a repeat changes nothing. */
  async issue(
    tx: Transaction,
    key: { organisation_id: string; key_id: string; key_hash: string; retired_key_ids: string[] },
  ): Promise<void> {
    const manager = tx as unknown as EntityManager;
    await manager.query(
      `UPDATE integrations.segment_write_keys SET retired_at = now()
        WHERE organisation_id = $1 AND (key_id = ANY($2::uuid[]) OR key_id <> $3) AND retired_at IS NULL`,
      [key.organisation_id, key.retired_key_ids, key.key_id],
    );
    await manager.query(
      `INSERT INTO integrations.segment_write_keys (key_hash, key_id, organisation_id)
       VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [key.key_hash, key.key_id, key.organisation_id],
    );
  }
}
