import { Injectable } from '@nestjs/common';
import { events } from '@meridian/contracts';
import { EventPublisher, Transactions } from '@meridian/server-kit';
import type { Connection, QueryResult } from 'jsforce';
import { readAhead, SalesforceBulkReader } from './salesforce-bulk-reader';
import { BudgetSpentError, type CallGate } from './salesforce-call-gate';
import { newFieldsOf, toPullBatches } from './salesforce-pull-batches';
import { type PulledRecord, SalesforceRecordsRepository } from './salesforce-records.repository';
import { type PullCursor, type PullQuery, pullSoql, type SyncedObject } from './salesforce-soql';
import { type SyncConnection, SalesforceSyncRepository, type SyncRunRow } from './salesforce-sync.repository';
import {
  type FieldMapping,
  mappedSfFields,
  pulledPersonValues,
  sfValuesOf,
  valuesHash,
} from './salesforce-sync-rules';

type SfRow = Record<string, unknown> & { Id: string };

/** Above this many changed records an object is read with a Bulk API 2.0 job: fewer calls. */
export const BULK_PULL_THRESHOLD = 10_000;
/** Contacts first: a person with both gets the contact as their selected record. */
const PULL_ORDER: readonly SyncedObject[] = ['contact', 'lead'];
/**
 * Records stored and published per transaction. Sized so that a chunk's persons with a handful
 * of mapped fields fit one contactsSynced event (INBOUND_EVENT_MAX_BYTES): each event costs the
 * campaign service a fixed round of staging and matching, so a chunk that spills over into a
 * small second event costs almost a whole second one.
 */
const STORE_CHUNK = 4_000;

const text = (value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

/**
 * Salesforce to persons: each enabled object from its cursor, page by page. A page's records,
 * its contactsSynced batches (outbox) and the advanced cursor commit in one transaction, so a
 * run stopped anywhere goes on without losing or repeating records.
 */
@Injectable()
export class SalesforcePuller {
  constructor(
    private readonly syncs: SalesforceSyncRepository,
    private readonly records: SalesforceRecordsRepository,
    private readonly bulk: SalesforceBulkReader,
    private readonly transactions: Transactions,
    private readonly publisher: EventPublisher,
  ) {}

  /** Pulls every enabled object; stops quietly when the API budget is spent. */
  async pull(
    conn: Connection,
    run: SyncRunRow,
    connection: SyncConnection,
    mappings: readonly FieldMapping[],
    gate: CallGate,
  ): Promise<void> {
    for (const object of PULL_ORDER) {
      if (!connection.object_settings[object]) continue;
      try {
        await this.pullObject(conn, run, connection, mappings, gate, object);
      } catch (error) {
        if (error instanceof BudgetSpentError) return;
        throw error;
      }
    }
  }

  private async query(
    connection: SyncConnection,
    mappings: readonly FieldMapping[],
    object: SyncedObject,
  ): Promise<PullQuery> {
    const readable = await this.syncs.readableFields(connection.id, object);
    const selective = connection.selective_sync?.[object];
    return {
      object,
      mappedFields: mappedSfFields(mappings, object).filter(
        (f) => !readable || readable.has(f.toLowerCase()),
      ),
      selectiveField: selective?.active && selective.field ? selective.field : null,
    };
  }

  private async pullObject(
    conn: Connection,
    run: SyncRunRow,
    connection: SyncConnection,
    mappings: readonly FieldMapping[],
    gate: CallGate,
    object: SyncedObject,
  ): Promise<void> {
    const query = await this.query(connection, mappings, object);
    const cursor = await this.syncs.cursor(connection.id, object);
    // The first REST page says how many records changed: small pulls page on, large ones go bulk.
    let page = await gate.call(
      async (): Promise<QueryResult<SfRow>> =>
        await conn.query<SfRow>(pullSoql(query, cursor), { autoFetch: false }),
    );
    await this.store(run, object, mappings, page.records, true);
    if (page.done) return;
    if (page.totalSize > BULK_PULL_THRESHOLD) {
      const after = this.last(page.records) ?? cursor;
      let max: PullCursor = after;
      for await (const rows of readAhead(this.bulk.read(conn, pullSoql(query, after), gate))) {
        for (let i = 0; i < rows.length; i += STORE_CHUNK) {
          const chunk = rows.slice(i, i + STORE_CHUNK) as SfRow[];
          max = this.later(max, this.last(chunk));
          await this.store(run, object, mappings, chunk, false);
        }
      }
      // Bulk results carry no order promise: the cursor moves once the whole job is stored.
      await this.transactions.run((tx) => this.syncs.setCursor(tx, connection.id, object, max));
      gate.checkpoint();
      return;
    }
    while (!page.done && page.nextRecordsUrl) {
      const next = page.nextRecordsUrl;
      page = await gate.call(async (): Promise<QueryResult<SfRow>> => await conn.queryMore<SfRow>(next));
      await this.store(run, object, mappings, page.records, true);
      gate.checkpoint();
    }
  }

  private last(rows: readonly SfRow[]): PullCursor | null {
    const row = rows.at(-1);
    return row ? { modstamp: text(row.SystemModstamp), id: row.Id } : null;
  }

  private later(a: PullCursor, b: PullCursor | null): PullCursor {
    if (!b?.modstamp) return a;
    if (!a.modstamp) return b;
    const [x, y] = [Date.parse(a.modstamp), Date.parse(b.modstamp)];
    return y > x || (y === x && (b.id ?? '') > (a.id ?? '')) ? b : a;
  }

  /** One page: records stored, the selected ones published as persons, the cursor moved (if ordered). */
  private async store(
    run: SyncRunRow,
    object: SyncedObject,
    mappings: readonly FieldMapping[],
    rows: readonly SfRow[],
    moveCursor: boolean,
  ): Promise<void> {
    if (rows.length === 0) return;
    const pulled: PulledRecord[] = rows.map((row) => {
      const values = sfValuesOf(row, mappings, object);
      const name =
        text(row.Name) ?? ([text(row.FirstName), text(row.LastName)].filter(Boolean).join(' ') || null);
      return {
        sf_id: row.Id,
        email: text(row.Email),
        name,
        modstamp: text(row.SystemModstamp),
        sf_values: values,
        pulled_hash: valuesHash(values),
      };
    });
    const emails = pulled.map((r) => r.email).filter((e): e is string => e !== null);
    const pending = await this.records.pendingChanges(run.connection_id, emails);
    const pageKey = `${rows[0]!.Id}-${rows.at(-1)!.Id}`;
    const newFields = newFieldsOf(mappings);
    await this.transactions.run(async (tx) => {
      const { echoes, selected } = await this.records.upsertPulled(
        tx,
        run.organisation_id,
        run.connection_id,
        object,
        pulled,
      );
      const persons = rows
        .filter((row) => selected.has(row.Id) && !echoes.has(row.Id) && text(row.Email))
        .map((row) => ({
          email: String(row.Email).trim(),
          values: pulledPersonValues(
            row,
            object,
            mappings,
            pending.get(String(row.Email).trim().toLowerCase()) ?? null,
          ),
        }));
      const batches = toPullBatches(persons, newFields, {
        organisationId: run.organisation_id,
        connectionId: run.connection_id,
        runId: run.id,
        object,
        pageKey,
      });
      await this.publisher.publishMany(
        tx,
        batches.map((payload) => ({ definition: events.contactsSynced, payload })),
      );
      await this.syncs.addBatches(tx, run.id, batches.length);
      if (moveCursor) await this.syncs.setCursor(tx, run.connection_id, object, this.last(rows)!);
    });
  }
}
