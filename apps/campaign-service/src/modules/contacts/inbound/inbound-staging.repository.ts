import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { managerIn, type Transaction } from '@meridian/server-kit';
import { Repository } from 'typeorm';
import { timeOrderedId } from '../contact-import/staging-row';
import { InboundSyncBatchEntity } from './inbound-sync-batch.entity';
import { CLEAR_STAGE_SQL, CREATE_STAGE_SQL, FAILURES_SQL, stageRowsSql } from './inbound-sql';

export interface StagedFailures {
  failed: number;
  errors: { email: string; error: string }[];
}

/** The staging of inbound batches and the record of batches already landed; set-based, inside the consumer's transaction. */
@Injectable()
export class InboundStagingRepository {
  /** Transactions that staged a batch already (their staging table may hold its rows). */
  private readonly staged = new WeakSet<Transaction>();

  constructor(
    @InjectRepository(InboundSyncBatchEntity) private readonly batches: Repository<InboundSyncBatchEntity>,
  ) {}

  private manager(tx: Transaction) {
    return managerIn(tx, this.batches);
  }

  /** Claims a batch id; false when it landed before (a publisher's retry of the same batch). */
  async claimBatch(tx: Transaction, organisationId: string, batchId: string): Promise<boolean> {
    const rows = (await this.manager(tx).query(
      `INSERT INTO campaign.inbound_sync_batches (organisation_id, batch_id) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING batch_id`,
      [organisationId, batchId],
    )) as unknown[];
    return rows.length > 0;
  }

  /**
   * Runs `work` under a savepoint of `tx`: if it fails, everything it wrote is undone and the
   * transaction stays usable for another try; the error goes to the caller. One savepoint per
   * call, so a delivery of many batches keeps one subtransaction.
   */
  async inSavepoint<T>(tx: Transaction, work: () => Promise<T>): Promise<T> {
    const manager = this.manager(tx);
    await manager.query('SAVEPOINT inbound_apply');
    let result: T;
    try {
      result = await work();
    } catch (error) {
      await manager.query('ROLLBACK TO SAVEPOINT inbound_apply');
      throw error;
    }
    await manager.query('RELEASE SAVEPOINT inbound_apply');
    return result;
  }

  /** Stages the rows, checks them and picks the last row of each email, in one statement; answers the failures. */
  async stage(
    tx: Transaction,
    rows: readonly { email: string; values: Record<string, unknown> }[],
    customFields: readonly string[],
  ): Promise<StagedFailures> {
    const manager = this.manager(tx);
    await manager.query(CREATE_STAGE_SQL);
    // The table starts each transaction empty; only a later batch of the same one clears it.
    if (this.staged.has(tx)) await manager.query(CLEAR_STAGE_SQL);
    this.staged.add(tx);
    const json = JSON.stringify(rows);
    const ids = rows.map(() => timeOrderedId());
    await manager.query(
      stageRowsSql(customFields.length > 0),
      customFields.length > 0 ? [json, ids, customFields] : [json, ids],
    );
    const failures = (await manager.query(FAILURES_SQL)) as {
      total: number;
      email: string;
      problem: string;
    }[];
    return {
      failed: failures[0]?.total ?? 0,
      errors: failures.map((f) => ({ email: f.email, error: f.problem })),
    };
  }
}
