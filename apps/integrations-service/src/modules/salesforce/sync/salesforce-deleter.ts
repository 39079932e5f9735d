import { Injectable } from '@nestjs/common';
import type { Connection } from 'jsforce';
import { SalesforceBulkWriter, type WriteResult } from './salesforce-bulk-writer';
import { BudgetSpentError, type CallGate, wholeCallFailed } from './salesforce-call-gate';
import { type ReadyDelete, SalesforceDeleteQueueRepository } from './salesforce-delete-queue.repository';
import { type NewError, SalesforceRecordsRepository } from './salesforce-records.repository';
import { SOBJECT_NAMES, type SyncedObject } from './salesforce-soql';
import { SalesforceSyncRepository, type SyncRunRow } from './salesforce-sync.repository';
import { DEFERRED_CODES, errorClassOf, RETRY_LATER_CODES } from './salesforce-sync-rules';

/** Queue rows read per round; a round's deletions of an object above the threshold are one bulk job. */
const DELETE_CHUNK = 50_000;
/** sObject Collections delete at most 200 ids per call. */
const COLLECTION_SIZE = 200;
/** Above this many deletions of one object a Bulk API 2.0 job takes fewer calls than collections. */
export const BULK_DELETE_THRESHOLD = 2_000;
/** Answers that mean the record is already gone: the deletion is done. */
const GONE_CODES = new Set(['ENTITY_IS_DELETED', 'NOT_FOUND', 'INVALID_CROSS_REFERENCE_KEY']);

/**
 * Records of persons deleted in the product, deleted in Salesforce: the queue's ready rows per
 * object, 200 ids per sObject Collections call or one Bulk API 2.0 delete job for large sets, every
 * call from the run's gate. Per record: deleted (or already gone), failed (error class in sync
 * health, backoff, dropped after the last attempt), retried later (row lock) or left queued (API
 * allowance spent: the run stops and a later one goes on).
 */
@Injectable()
export class SalesforceDeleter {
  constructor(
    private readonly queue: SalesforceDeleteQueueRepository,
    private readonly records: SalesforceRecordsRepository,
    private readonly syncs: SalesforceSyncRepository,
    private readonly bulk: SalesforceBulkWriter,
  ) {}

  async delete(conn: Connection, run: SyncRunRow, gate: CallGate): Promise<void> {
    try {
      for (;;) {
        const rows = await this.queue.ready(run.connection_id, DELETE_CHUNK);
        if (rows.length === 0) return;
        for (const object of ['lead', 'contact'] as const) {
          const items = rows.filter((r) => r.object === object);
          if (items.length > BULK_DELETE_THRESHOLD) {
            await this.write(conn, run, object, items, gate, true);
            continue;
          }
          for (let i = 0; i < items.length; i += COLLECTION_SIZE) {
            await this.write(conn, run, object, items.slice(i, i + COLLECTION_SIZE), gate, false);
          }
        }
        gate.checkpoint();
      }
    } catch (error) {
      if (error instanceof BudgetSpentError) return;
      throw error;
    }
  }

  private async write(
    conn: Connection,
    run: SyncRunRow,
    object: SyncedObject,
    items: readonly ReadyDelete[],
    gate: CallGate,
    bulk: boolean,
  ): Promise<void> {
    const ids = items.map((i) => i.sf_id);
    let results: Array<Pick<WriteResult, 'success'> & { errors?: Array<Record<string, unknown>> }>;
    try {
      results = bulk
        ? await this.bulk.delete(conn, SOBJECT_NAMES[object], ids, gate)
        : ((await gate.call(() =>
            conn.sobject(SOBJECT_NAMES[object]).destroy(ids, { allOrNone: false }),
          )) as unknown as typeof results);
    } catch (error) {
      results = wholeCallFailed(error, items.length);
    }
    const done: string[] = [];
    const failed: string[] = [];
    const later: string[] = [];
    const errors: NewError[] = [];
    let deferred = false;
    items.forEach((item, index) => {
      const result = results[index] ?? { success: false, errors: [{ message: 'No result' }] };
      const first = result.errors?.[0] as
        { statusCode?: string; errorCode?: string; message?: string; fields?: string[] } | undefined;
      const code = first?.statusCode ?? first?.errorCode ?? null;
      if (result.success || (code && GONE_CODES.has(code))) done.push(item.sf_id);
      else if (code && DEFERRED_CODES.has(code)) deferred = true;
      else if (code && RETRY_LATER_CODES.has(code)) later.push(item.sf_id);
      else {
        failed.push(item.sf_id);
        errors.push({
          error_class: errorClassOf(code, first?.fields),
          direction: 'write',
          object,
          // A deletion is about a record (its person is gone): keyed by the record.
          record_key: item.sf_id,
          sf_id: item.sf_id,
          email: item.email,
          person_id: item.person_id,
          name: item.name,
          error_text: first?.message ?? 'Unknown error',
        });
      }
    });
    await this.queue.recordsDeleted(undefined, run.connection_id, done);
    await this.records.addErrors(undefined, run.organisation_id, run.connection_id, errors);
    await this.queue.failed(run.connection_id, failed);
    await this.queue.later(run.connection_id, later);
    if (failed.length > 0)
      await this.syncs.addCounts(undefined, run.id, 'write', object, { failed: failed.length });
    if (deferred) {
      gate.deferred += 1;
      throw new BudgetSpentError();
    }
  }
}
