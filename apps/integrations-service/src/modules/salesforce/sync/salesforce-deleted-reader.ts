import { Injectable } from '@nestjs/common';
import { Transactions } from '@meridian/server-kit';
import type { Connection, QueryResult } from 'jsforce';
import { BudgetSpentError, type CallGate } from './salesforce-call-gate';
import { SalesforceDeleteQueueRepository } from './salesforce-delete-queue.repository';
import { deletedSoql, type SyncedObject } from './salesforce-soql';
import type { SyncConnection, SyncRunRow } from './salesforce-sync.repository';

type DeletedRow = { Id: string; SystemModstamp: string | null };

/**
 * Salesforce to persons, deletions: records deleted in Salesforce since the deletions' cursor
 * (queryAll with IsDeleted = true, REST pages) are unlinked from their person: marked deleted,
 * so they leave the contact's Salesforce panel and the person is no longer pushed to them. The
 * person stays (deleting persons with their record is not offered). A page's unlinking and the
 * cursor move commit together.
 */
@Injectable()
export class SalesforceDeletedReader {
  constructor(
    private readonly deletes: SalesforceDeleteQueueRepository,
    private readonly transactions: Transactions,
  ) {}

  /** Reads every enabled object's deletions; stops quietly when the API budget is spent. */
  async read(conn: Connection, run: SyncRunRow, connection: SyncConnection, gate: CallGate): Promise<void> {
    for (const object of ['contact', 'lead'] as const) {
      if (!connection.object_settings[object]) continue;
      try {
        await this.readObject(conn, run, object, gate);
      } catch (error) {
        if (error instanceof BudgetSpentError) return;
        throw error;
      }
    }
  }

  private async readObject(conn: Connection, run: SyncRunRow, object: SyncedObject, gate: CallGate) {
    const cursor = await this.deletes.deletedCursor(run.connection_id, object);
    let page = await gate.call(
      async (): Promise<QueryResult<DeletedRow>> =>
        await conn.query<DeletedRow>(deletedSoql(object, cursor), { autoFetch: false, scanAll: true }),
    );
    for (;;) {
      const rows = page.records;
      const last = rows.at(-1);
      if (last) {
        await this.transactions.run(async (tx) => {
          await this.deletes.recordsDeleted(
            tx,
            run.connection_id,
            rows.map((r) => r.Id),
          );
          await this.deletes.setDeletedCursor(tx, run.connection_id, object, {
            modstamp: last.SystemModstamp ? String(last.SystemModstamp) : null,
            id: last.Id,
          });
        });
      }
      if (page.done || !page.nextRecordsUrl) return;
      gate.checkpoint();
      const next = page.nextRecordsUrl;
      page = await gate.call(
        async (): Promise<QueryResult<DeletedRow>> => await conn.queryMore<DeletedRow>(next),
      );
    }
  }
}
