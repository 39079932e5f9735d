import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The key ranges of each content-hash table, in key order (`position`), each with the row count
 * and the sum of the 60-bit hash prefixes of what was published for it. A run asks the warehouse
 * for the same aggregates in one query and scans only the ranges that differ. `signature` names
 * the hash the sums were taken over (columns, key, rows read): when it changes, the ranges are void.
 * Written in the transaction that publishes a page, so they only ever describe published rows.
 */
export class WarehouseHashRanges1771400000000 implements MigrationInterface {
  name = 'WarehouseHashRanges1771400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE integrations.warehouse_hash_ranges (
        sync_table_id uuid NOT NULL REFERENCES integrations.warehouse_sync_tables (id) ON DELETE CASCADE,
        position integer NOT NULL,
        signature text NOT NULL,
        upper_key text,
        row_count bigint,
        hash_sum numeric(40, 0),
        PRIMARY KEY (sync_table_id, position)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE integrations.warehouse_hash_ranges`);
  }
}
