import { Injectable } from '@nestjs/common';
import type { FieldValue, PersonField, PersonFieldType } from '@meridian/contracts';
import { isUniqueViolation, type Transaction, Transactions } from '@meridian/server-kit';
import { PersonFieldsRepository } from './person-fields.repository';
import { type PersonValue, PersonValuesRepository } from './person-values.repository';
import { PersonsBulkRepository } from './persons-bulk.repository';
import type { StagedBatch, UpsertOptions } from './persons-bulk.sql';

export type { PersonValue, StagedBatch, UpsertOptions };

/** A value as a custom field of its type stores it; text that is not of the type is kept as text. */
function typed(type: PersonFieldType, value: FieldValue): FieldValue {
  if (value === null || typeof value !== 'string') return value;
  if ((type === 'integer' || type === 'float') && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

export interface StagedUpsert {
  /** Custom fields the batch brings that the organisation does not have yet; created in the same transaction. */
  newFields: (PersonField & { position: number })[];
  /** The caller checked that no row matches an existing contact (the fast path, with progress). */
  allNew: boolean;
  /** The share done, 0 to 1; called between steps, so it should write outside the upsert's transaction. */
  progress?: (share: number) => Promise<void>;
  /**
   * The caller's transaction (an event consumer's, so the contacts, the record of the event and the
   * answer it publishes commit together). Inside it the upsert tolerates contacts created meanwhile
   * from the start unless the caller says it can try again (`guarded: false`).
   */
  tx?: Transaction;
  /**
   * Inside `tx`: false when the caller runs the upsert under a savepoint and runs it again guarded
   * if the unique index refuses a contact created meanwhile; ON CONFLICT costs about a tenth of the
   * insert, so it is not the first try. Default true.
   */
  guarded?: boolean;
}

/**
 * The one bulk write path for contacts: every feature that brings contacts in
 * batches (CSV import, warehouse, Salesforce and Segment syncs) stages them and
 * hands the batch here. Nothing else writes `campaign.persons` in bulk.
 */
@Injectable()
export class PersonsBulkService {
  constructor(
    private readonly transactions: Transactions,
    private readonly bulk: PersonsBulkRepository,
    private readonly fields: PersonFieldsRepository,
    private readonly values: PersonValuesRepository,
  ) {}

  /**
   * Sets field values of many contacts at once (a flow's 'Update value' step), inside the caller's
   * transaction: custom values take their field's type; unknown and read-only fields are ignored.
   */
  async writeValues(organisationId: string, values: readonly PersonValue[], tx?: Transaction): Promise<void> {
    if (values.length === 0) return;
    const custom = new Map(
      (await this.fields.list(organisationId)).filter((f) => f.custom).map((f) => [f.name, f.type]),
    );
    const items = values.map((item) => {
      const type = custom.get(item.field);
      return type ? { ...item, value: typed(type, item.value) } : item;
    });
    await this.values.write(organisationId, items, new Set(custom.keys()), tx);
  }

  /**
   * Upserts a staged batch in one transaction (new fields and contacts together, or
   * nothing). If a contact with one of the batch's emails is created meanwhile, the
   * transaction leaves nothing behind and the upsert runs again tolerating it.
   * Answers how many contacts were inserted and how many existing ones changed.
   */
  async upsertStaged(
    organisationId: string,
    batch: StagedBatch,
    options: UpsertOptions,
    { newFields, allNew, progress, tx, guarded = true }: StagedUpsert,
  ): Promise<{ inserted: number; updated: number }> {
    if (tx) {
      await this.fields.insertMany(organisationId, newFields, tx);
      return this.bulk.upsert(organisationId, batch, options, { allNew, guarded, progress }, tx);
    }
    const run = (guarded: boolean) =>
      this.transactions.run(async (tx) => {
        await this.fields.insertMany(organisationId, newFields, tx);
        return this.bulk.upsert(organisationId, batch, options, { allNew, guarded, progress }, tx);
      });
    try {
      return await run(false);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return run(true);
    }
  }

  /**
   * Generated contacts (a data set such as the demo's) staged by the caller in `table`, with
   * their field definitions, inside the caller's transaction. Existing emails are left alone.
   */
  async insertGenerated(
    tx: Transaction,
    organisationId: string,
    table: string,
    fields: (PersonField & { position: number })[],
  ): Promise<number> {
    await this.fields.insertMany(organisationId, fields, tx);
    return this.bulk.insertGenerated(organisationId, table, tx);
  }

  /** Unsubscribes many contacts at once (e.g. a generated history's unsubscribes), inside `tx`. */
  markUnsubscribed(
    tx: Transaction,
    organisationId: string,
    unsubscribes: { personId: string; at: Date }[],
  ): Promise<string[]> {
    return this.bulk.markUnsubscribed(organisationId, unsubscribes, tx);
  }
}
