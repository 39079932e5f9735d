import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { managerIn, type Transaction } from '@meridian/server-kit';
import { Repository } from 'typeorm';
import { PersonEntity } from './person.entity';
import {
  type InsertScope,
  insertGeneratedSql,
  insertSql,
  MARK_UNSUBSCRIBED_SQL,
  pagesSql,
  type StagedBatch,
  updateSql,
  type UpsertOptions,
} from './persons-bulk.sql';

/** The insert goes in about this many batches, each a step of the progress bar... */
const PROGRESS_STEPS = 20;
/** ...of at least this many staging pages (some 15,000 rows), so small batches go in one. */
const MIN_BATCH_PAGES = 1000;
/** Memory for the hash of a whole batch's emails (matching): enough to stay off disk at a million rows. */
const WORK_MEM = `SET LOCAL work_mem = '256MB'`;

export interface UpsertRun {
  /** The caller knows no row matches an existing contact: insert by page ranges, with progress. */
  allNew: boolean;
  /** Tolerate contacts created since the caller looked (a retry after a unique violation). */
  guarded: boolean;
  progress?: (share: number) => Promise<void>;
}

/** Set-based writes of staged batches into `campaign.persons`; never a query per row. */
@Injectable()
export class PersonsBulkRepository {
  constructor(@InjectRepository(PersonEntity) private readonly persons: Repository<PersonEntity>) {}

  /**
   * Writes the batch inside `tx`: first the existing contacts whose values change
   * (when update is on), then the new ones, telling `progress` the share done as it
   * goes. Answers how many contacts it inserted and how many it changed.
   */
  async upsert(
    organisationId: string,
    batch: StagedBatch,
    options: UpsertOptions,
    run: UpsertRun,
    tx: Transaction,
  ): Promise<{ inserted: number; updated: number }> {
    const runner = managerIn(tx, this.persons).queryRunner;
    if (!runner) throw new Error('A bulk write runs inside a transaction');
    const affected = async (sql: string) =>
      ((await runner.query(sql, [organisationId], true)) as { affected?: number }).affected ?? 0;
    const insert = (scope: InsertScope) => affected(insertSql(batch, run.guarded, scope));
    await runner.query(WORK_MEM);
    if (!run.allNew || run.guarded) {
      // Updates first: the insert's anti-join then sees every existing contact, and the update never scans the new ones.
      const updated = options.enableUpdate ? await affected(updateSql(batch, options)) : 0;
      await run.progress?.(0.5);
      const inserted = await insert('all');
      await run.progress?.(1);
      return { inserted, updated };
    }
    const [{ pages }] = (await runner.query(pagesSql(batch.table))) as [{ pages: number }];
    const step = Math.max(MIN_BATCH_PAGES, Math.ceil(pages / PROGRESS_STEPS));
    let inserted = 0;
    for (let from = 0; from < pages; from += step) {
      // The last range is open-ended, so no page is left out.
      inserted += await insert({ pages: [from, from + step >= pages ? 2 ** 31 - 1 : from + step] });
      await run.progress?.(Math.min(1, (from + step) / pages));
    }
    return { inserted, updated: 0 };
  }

  /** Generated contacts staged in `table` (see insertGeneratedSql), inside `tx`; answers how many went in. */
  async insertGenerated(organisationId: string, table: string, tx: Transaction): Promise<number> {
    const runner = managerIn(tx, this.persons).queryRunner;
    if (!runner) throw new Error('A bulk write runs inside a transaction');
    const result = (await runner.query(insertGeneratedSql(table), [organisationId], true)) as {
      affected?: number;
    };
    return result.affected ?? 0;
  }

  async markUnsubscribed(
    organisationId: string,
    unsubscribes: { personId: string; at: Date }[],
    tx: Transaction,
  ): Promise<string[]> {
    if (unsubscribes.length === 0) return [];
    const rows = (await managerIn(tx, this.persons).query(MARK_UNSUBSCRIBED_SQL, [
      organisationId,
      unsubscribes.map((u) => u.personId),
      unsubscribes.map((u) => u.at),
    ])) as { id: string }[];
    return rows.map((row) => row.id);
  }
}
