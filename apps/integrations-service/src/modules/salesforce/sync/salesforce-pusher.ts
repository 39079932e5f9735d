import { Injectable } from '@nestjs/common';
import type { Connection } from 'jsforce';
import { SalesforceBulkWriter } from './salesforce-bulk-writer';
import { BudgetSpentError, type CallGate, wholeCallFailed } from './salesforce-call-gate';
import {
  type PushDone,
  type QueueKey,
  type ReadyPush,
  SalesforcePushQueueRepository,
} from './salesforce-push-queue.repository';
import { type NewError, SalesforceRecordsRepository } from './salesforce-records.repository';
import { SOBJECT_NAMES, type SyncedObject } from './salesforce-soql';
import { type SyncConnection, SalesforceSyncRepository, type SyncRunRow } from './salesforce-sync.repository';
import {
  DEFERRED_CODES,
  errorClassOf,
  type FieldMapping,
  mappedSfFields,
  normalize,
  pushSfValues,
  RETRY_LATER_CODES,
  type Value,
  valuesHash,
} from './salesforce-sync-rules';

/**
 * Queue rows read per round: a round's updates of an object go as one Bulk API 2.0 job, so this
 * is the job size (each job costs at least five calls and a status wait). The round's rows are
 * held until the job's results are stored: memory is bounded by this, not by the queue's length.
 */
const PUSH_CHUNK = 50_000;
/** sObject Collections take at most 200 records per call. */
const COLLECTION_SIZE = 200;
/** Above this many updates of one object a Bulk API 2.0 job takes fewer calls (about 7) than collections. */
export const BULK_PUSH_THRESHOLD = 2_000;

interface Planned {
  row: ReadyPush;
  object: SyncedObject;
  sfId: string | null;
  values: Record<string, Value>;
}

interface SaveResult {
  id?: string | null;
  success: boolean;
  errors?: Array<{ statusCode?: string; errorCode?: string; message: string; fields?: string[] }>;
}

/** The object a person without a record is created as, or null when creating is off. */
export function createTarget(connection: SyncConnection): SyncedObject | null {
  if (!connection.salesforce_record_create) return null;
  for (const object of ['lead', 'contact'] as const) {
    if (connection.records_create_settings?.[object] && connection.object_settings[object]) return object;
  }
  return null;
}

/** Fields Salesforce requires on create, filled from the person when the mapping did not. */
function createValues(
  object: SyncedObject,
  row: ReadyPush,
  values: Record<string, Value>,
): Record<string, Value> {
  const person = row.person_values;
  const out: Record<string, Value> = { ...values, Email: row.email };
  out.LastName ??= (normalize(person.last_name) as string | null) ?? row.email.split('@')[0]!;
  if (person.first_name && out.FirstName === undefined) out.FirstName = normalize(person.first_name);
  if (object === 'lead')
    out.Company ??= (normalize(person.company_name) as string | null) ?? '[not provided]';
  return out;
}

/**
 * Persons to Salesforce: ready queue rows in chunks, each person's values computed for their
 * selected record (or a new Lead/Contact when creating is on), written 200 per call through
 * sObject Collections, or as one Bulk API 2.0 job for more than 2,000 updates of an object. Results per record: pushed, failed (error class, backoff, dropped after the
 * last attempt), retried later (row lock) or left queued (API allowance spent).
 */
@Injectable()
export class SalesforcePusher {
  constructor(
    private readonly queue: SalesforcePushQueueRepository,
    private readonly records: SalesforceRecordsRepository,
    private readonly syncs: SalesforceSyncRepository,
    private readonly bulk: SalesforceBulkWriter,
  ) {}

  async push(
    conn: Connection,
    run: SyncRunRow,
    connection: SyncConnection,
    mappings: readonly FieldMapping[],
    gate: CallGate,
  ): Promise<void> {
    for (;;) {
      const rows = await this.queue.ready(connection.id, PUSH_CHUNK);
      if (rows.length === 0) return;
      const { planned, nothing } = this.plan(rows, connection, mappings);
      await this.queue.remove(connection.id, nothing);
      const groups = new Map<string, Planned[]>();
      for (const item of planned) {
        const key = `${item.object}:${item.sfId ? 'update' : 'create'}`;
        const group = groups.get(key);
        if (group) group.push(item);
        else groups.set(key, [item]);
      }
      try {
        for (const items of groups.values()) {
          if (items[0]!.sfId && items.length > BULK_PUSH_THRESHOLD) {
            await this.write(conn, run, mappings, items, gate);
            continue;
          }
          for (let i = 0; i < items.length; i += COLLECTION_SIZE) {
            await this.write(conn, run, mappings, items.slice(i, i + COLLECTION_SIZE), gate);
          }
        }
      } catch (error) {
        if (error instanceof BudgetSpentError) return;
        throw error;
      }
      gate.checkpoint();
    }
  }

  private plan(rows: readonly ReadyPush[], connection: SyncConnection, mappings: readonly FieldMapping[]) {
    const planned: Planned[] = [];
    const nothing: QueueKey[] = [];
    const target = createTarget(connection);
    for (const row of rows) {
      const person = { values: row.person_values, updatedAt: row.person_updated_at };
      if (row.sf_id && row.object) {
        const values = pushSfValues(
          person,
          { object: row.object, sfValues: row.sf_values ?? {}, sfModstamp: row.sf_modstamp },
          row.object,
          mappings,
        );
        if (Object.keys(values).length === 0 || !connection.object_settings[row.object]) nothing.push(row);
        else planned.push({ row, object: row.object, sfId: row.sf_id, values });
      } else if (target) {
        const values = createValues(target, row, pushSfValues(person, null, target, mappings));
        planned.push({ row, object: target, sfId: null, values });
      } else {
        nothing.push(row);
      }
    }
    return { planned, nothing };
  }

  private async write(
    conn: Connection,
    run: SyncRunRow,
    mappings: readonly FieldMapping[],
    items: readonly Planned[],
    gate: CallGate,
  ): Promise<void> {
    const object = items[0]!.object;
    const creating = items[0]!.sfId === null;
    const sobject = conn.sobject(SOBJECT_NAMES[object]);
    let results: SaveResult[];
    try {
      const updates = items.map((i) => ({ ...i.values, Id: i.sfId! }));
      results =
        !creating && items.length > COLLECTION_SIZE
          ? await this.bulk.update(conn, SOBJECT_NAMES[object], updates, gate)
          : ((await gate.call(() =>
              creating
                ? sobject.create(
                    items.map((i) => i.values),
                    { allOrNone: false },
                  )
                : sobject.update(updates, { allOrNone: false }),
            )) as unknown as SaveResult[]);
    } catch (error) {
      results = wholeCallFailed(error, items.length);
    }
    const done: PushDone[] = [];
    const failed: QueueKey[] = [];
    const later: QueueKey[] = [];
    const errors: NewError[] = [];
    let deferred = false;
    const fields = mappedSfFields(mappings, object);
    items.forEach((item, index) => {
      const result = results[index] ?? { success: false, errors: [{ message: 'No result' }] };
      if (result.success && result.id) {
        const merged = { ...(item.row.sf_values ?? {}), ...item.values };
        const mapped = Object.fromEntries(fields.map((f) => [f, normalize(merged[f])]));
        done.push({
          person_id: item.row.person_id,
          enqueued_at: item.row.enqueued_at,
          email: item.row.email,
          object,
          sf_id: result.id,
          name:
            item.row.name ??
            ([item.values.FirstName, item.values.LastName].filter(Boolean).join(' ') || null),
          sf_values: mapped,
          pushed_hash: valuesHash(mapped),
        });
        return;
      }
      const first = result.errors?.[0];
      const code = first?.statusCode ?? first?.errorCode ?? null;
      if (code && DEFERRED_CODES.has(code)) deferred = true;
      else if (code && RETRY_LATER_CODES.has(code)) later.push(item.row);
      else {
        failed.push(item.row);
        errors.push({
          error_class: errorClassOf(code, first?.fields),
          direction: 'write',
          object,
          record_key: item.row.email.toLowerCase(),
          sf_id: item.sfId,
          email: item.row.email,
          person_id: item.row.person_id,
          name: item.row.name,
          error_text: first?.message ?? 'Unknown error',
        });
      }
    });
    await this.queue.pushed(run.organisation_id, run.connection_id, done);
    await this.records.resolveWriteErrors(
      run.connection_id,
      done.map((d) => d.email),
    );
    await this.records.addErrors(undefined, run.organisation_id, run.connection_id, errors);
    await this.queue.failed(run.connection_id, failed);
    await this.queue.later(run.connection_id, later);
    await this.syncs.addCounts(undefined, run.id, 'write', object, {
      [creating ? 'inserted' : 'updated']: done.length,
      failed: failed.length,
    });
    if (deferred) {
      gate.deferred += 1;
      throw new BudgetSpentError();
    }
  }
}
