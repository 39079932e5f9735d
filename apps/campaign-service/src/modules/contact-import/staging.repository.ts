import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { managerIn, type Transaction } from '@meridian/server-kit';
import type { PoolClient } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import type { ImportColumn } from './import-columns';
import { copyIntoSql, createStagingSql, previewSql, reportSql, upsertSql, type UpsertOptions } from './import-sql';

export interface PreviewCounts {
  total: number;
  errors: number;
  duplicates: number;
  to_create: number;
  to_update: number;
}

/**
 * The staging tables of CSV imports: rows arrive by COPY, are checked with
 * set-based SQL and leave by one INSERT ... ON CONFLICT. Never a query per row.
 */
@Injectable()
export class StagingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * (Re)creates the staging table and COPYs the lines in; answers the preview counts.
   * `lines` is opened only once COPY is ready to consume it, so its errors always have a listener.
   */
  async load(table: string, columns: ImportColumn[], lines: () => Readable, organisationId: string): Promise<PreviewCounts> {
    const runner = this.dataSource.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    try {
      await client.query(`DROP TABLE IF EXISTS ${table}`);
      await client.query(createStagingSql(table, columns.length));
      await pipeline(lines(), client.query(copyFrom(copyIntoSql(table, columns.length))));
      await client.query(`ANALYZE ${table}`);
      const result = await client.query<PreviewCounts>(previewSql(table, columns), [organisationId]);
      return result.rows[0]!;
    } catch (error) {
      await client.query(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }
  }

  async counts(table: string, columns: ImportColumn[], organisationId: string): Promise<PreviewCounts> {
    const rows: PreviewCounts[] = await this.dataSource.query(previewSql(table, columns), [organisationId]);
    return rows[0]!;
  }

  /** The error or duplicate rows as CSV; the connection is released when the stream ends. */
  async report(table: string, columns: ImportColumn[], kind: 'errors' | 'duplicates'): Promise<Readable> {
    const runner = this.dataSource.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    const stream = client.query(copyTo(reportSql(table, columns, kind)));
    let released = false;
    const release = () => {
      if (!released) {
        released = true;
        void runner.release();
      }
    };
    stream.on('end', release);
    stream.on('error', release);
    stream.on('close', release);
    return stream;
  }

  async upsert(
    table: string,
    columns: ImportColumn[],
    options: UpsertOptions,
    organisationId: string,
    tx: Transaction,
  ): Promise<{ inserted: number; updated: number }> {
    const rows: { inserted: number; updated: number }[] = await managerIn(tx, this.dataSourceRepository()).query(
      upsertSql(table, columns, options),
      [organisationId],
    );
    return rows[0]!;
  }

  async drop(table: string): Promise<void> {
    await this.dataSource.query(`DROP TABLE IF EXISTS ${table}`);
  }

  async exists(table: string): Promise<boolean> {
    const rows: { found: string | null }[] = await this.dataSource.query(`SELECT to_regclass($1) AS found`, [table]);
    return rows[0]?.found !== null && rows[0]?.found !== undefined;
  }

  // managerIn wants a repository to find the default manager; any entity's will do.
  private dataSourceRepository() {
    return { manager: this.dataSource.manager } as Parameters<typeof managerIn>[1];
  }
}
