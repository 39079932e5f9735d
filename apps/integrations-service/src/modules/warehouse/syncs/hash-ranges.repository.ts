import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { HashRange } from './hash-ranges';

interface RangeRow {
  signature: string;
  upper_key: string | null;
  row_count: string | null;
  hash_sum: string | null;
}

/** The key ranges of a content-hash table with their aggregates (see `HashRange`), one list per table. */
@Injectable()
export class HashRangesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The table's ranges in key order, or none when there are none or they were taken over another hash. */
  async load(tableId: string, signature: string): Promise<HashRange[]> {
    const rows = (await this.dataSource.manager.query(
      `SELECT signature, upper_key, row_count, hash_sum::text AS hash_sum
       FROM integrations.warehouse_hash_ranges WHERE sync_table_id = $1 ORDER BY position`,
      [tableId],
    )) as RangeRow[];
    if (rows.length === 0 || rows.some((r) => r.signature !== signature)) return [];
    // Only the last range is unbounded; anything else is not a list this code wrote: start over.
    if (rows.findIndex((r) => r.upper_key === null) !== rows.length - 1) return [];
    return rows.map((r) => ({
      upper: r.upper_key,
      rows: r.row_count === null ? null : Number(r.row_count),
      sum: r.hash_sum === null ? null : BigInt(r.hash_sum),
    }));
  }

  /** Replaces the table's ranges (set-based), inside the transaction that published what they describe. */
  async save(
    tx: Transaction | null,
    tableId: string,
    signature: string,
    ranges: readonly HashRange[],
  ): Promise<void> {
    if (!tx) {
      await this.dataSource.transaction((manager) =>
        this.save(manager as unknown as Transaction, tableId, signature, ranges),
      );
      return;
    }
    const db = tx as unknown as EntityManager;
    await db.query(`DELETE FROM integrations.warehouse_hash_ranges WHERE sync_table_id = $1`, [tableId]);
    await db.query(
      `INSERT INTO integrations.warehouse_hash_ranges (sync_table_id, position, signature, upper_key, row_count, hash_sum)
       SELECT $1, u.position, $2, u.upper_key, u.row_count, u.hash_sum
       FROM unnest($3::text[], $4::bigint[], $5::numeric[]) WITH ORDINALITY AS u(upper_key, row_count, hash_sum, position)`,
      [
        tableId,
        signature,
        ranges.map((r) => r.upper),
        ranges.map((r) => r.rows),
        ranges.map((r) => (r.sum === null ? null : r.sum.toString())),
      ],
    );
  }
}
