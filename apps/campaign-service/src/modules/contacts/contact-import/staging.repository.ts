import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PoolClient } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { DataSource, type QueryRunner } from 'typeorm';
import { PART_ROWS, type StagingSource } from './csv-parts';
import type { ImportColumn } from './import-columns';
import {
  copyIntoSql,
  createStagingSql,
  duplicatesSql,
  leftoverStagingSql,
  previewSql,
  renumberSql,
  reportSql,
} from './import-sql';

export interface PreviewCounts {
  total: number;
  errors: number;
  duplicates: number;
  to_create: number;
  to_update: number;
}

/**
 * A check's turn on its file: the advisory lock `key` is held on the staging connection while
 * `check` decides whether the file may still be checked (it throws when not), the table is made
 * and filled, and `settle` records the outcome (counts, or null when the file was refused).
 */
export interface StagingTurn {
  key: string;
  check(): Promise<void>;
  settle(counts: PreviewCounts | null, error: unknown): Promise<void>;
}

/** What TypeORM's Postgres runner offers beyond `QueryRunner`: a release that discards the connection. */
type DiscardableRunner = QueryRunner & { releasePostgresConnection?(error?: Error): Promise<void> };

const isAbort = (error: unknown) => (error as { name?: string } | null)?.name === 'AbortError';

/** Memory for the hash of a whole file's emails (duplicates, matching): enough to stay off disk at a million rows. */
const WORK_MEM = `SET LOCAL work_mem = '256MB'`;

/**
 * The staging tables of CSV imports: rows arrive by COPY and are checked once with
 * set-based SQL that leaves a verdict on each row; the persons module's bulk upsert
 * then takes the importable rows (see stagedBatch). Never a query per row.
 */
@Injectable()
export class StagingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * (Re)creates the staging table, COPYs the parts in (each on its own connection,
   * side by side), checks the rows; answers the preview counts. A part's lines are
   * opened only once its COPY is ready to consume them, so their errors always have
   * a listener; the first failure stops the other parts. Each of `sources` is tried in
   * turn while the one before it fails as `retryable` says (none: that source is skipped);
   * the last one's verdict counts. All of it within the file's turn.
   */
  async load(
    table: string,
    columns: ImportColumn[],
    sources: readonly (() => Promise<StagingSource | null>)[],
    retryable: (error: unknown) => boolean,
    organisationId: string,
    turn: StagingTurn,
  ): Promise<PreviewCounts> {
    const runner = this.dataSource.createQueryRunner() as DiscardableRunner;
    const client = (await runner.connect()) as PoolClient;
    // A session lock: the steps below run in several transactions, on several connections.
    await client.query(`SELECT pg_advisory_lock(hashtextextended($1, 0))`, [turn.key]);
    try {
      await turn.check();
      const stageAll = async (): Promise<PreviewCounts> => {
        for (const [index, next] of sources.entries()) {
          const source = await next();
          if (!source) continue;
          try {
            return await this.stageLocked(client, table, columns, source, organisationId);
          } catch (error) {
            if (index === sources.length - 1 || !retryable(error)) throw error;
          }
        }
        throw new Error('no staging source');
      };
      const counts = await stageAll().catch(async (error: unknown) => {
        await turn.settle(null, error);
        throw error;
      });
      await turn.settle(counts, null);
      return counts;
    } finally {
      // A failed unlock discards the connection, so the lock never goes back to the pool.
      await client
        .query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [turn.key])
        .then(() => runner.release())
        .catch((error: Error) =>
          runner.releasePostgresConnection ? runner.releasePostgresConnection(error) : runner.release(),
        );
    }
  }

  private async stageLocked(
    client: PoolClient,
    table: string,
    columns: ImportColumn[],
    source: StagingSource,
    organisationId: string,
  ): Promise<PreviewCounts> {
    try {
      await client.query(`DROP TABLE IF EXISTS ${table}`);
      await client.query(createStagingSql(table, columns));
      await this.copyParts(client, table, columns, source);
      const renumbering = source.finish?.() ?? [];
      await client.query(`ANALYZE ${table}`);
      await client.query('BEGIN');
      try {
        await client.query(WORK_MEM);
        await client.query(duplicatesSql(table));
        for (const { firstRow, realFirstRow } of renumbering) {
          await client.query(renumberSql(table, firstRow, PART_ROWS, realFirstRow));
        }
        const result = await client.query<PreviewCounts>(previewSql(table), [organisationId]);
        await client.query('COMMIT');
        return result.rows[0]!;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    } catch (error) {
      await client.query(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
      throw error;
    }
  }

  private async copyParts(
    client: PoolClient,
    table: string,
    columns: ImportColumn[],
    source: StagingSource,
  ): Promise<void> {
    const abort = new AbortController();
    const copy = async (target: PoolClient, part: StagingSource['parts'][number]) => {
      try {
        await pipeline(part.open(), target.query(copyFrom(copyIntoSql(table, columns))), {
          signal: abort.signal,
        });
      } catch (error) {
        abort.abort();
        throw error;
      }
    };
    const [first, ...rest] = source.parts;
    const others = rest.map(async (part) => {
      const runner = this.dataSource.createQueryRunner();
      try {
        await copy((await runner.connect()) as PoolClient, part);
      } finally {
        await runner.release();
      }
    });
    const results = await Promise.allSettled([copy(client, first!), ...others]);
    const reasons = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    // The first failure is the cause; the others were stopped by it.
    if (reasons.length > 0) throw reasons.find((reason) => !isAbort(reason)) ?? reasons[0];
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

  async drop(table: string): Promise<void> {
    await this.dataSource.query(`DROP TABLE IF EXISTS ${table}`);
  }

  async exists(table: string): Promise<boolean> {
    const rows: { found: string | null }[] = await this.dataSource.query(`SELECT to_regclass($1) AS found`, [
      table,
    ]);
    return rows[0]?.found !== null && rows[0]?.found !== undefined;
  }

  /** Drops the staging tables no import will read again; answers how many. */
  async dropLeftovers(): Promise<number> {
    const rows: { name: string }[] = await this.dataSource.query(leftoverStagingSql);
    // The names come from pg_tables filtered by a strict pattern; quoted all the same.
    for (const { name } of rows) await this.dataSource.query(`DROP TABLE IF EXISTS campaign."${name}"`);
    return rows.length;
  }
}
