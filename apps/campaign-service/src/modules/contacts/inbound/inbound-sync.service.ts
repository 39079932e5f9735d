import { Injectable } from '@nestjs/common';
import {
  contactsSyncApplied,
  type contactsSynced,
  type DefaultFieldName,
  type EventPayload,
  fieldName,
  type PersonField,
} from '@meridian/contracts';
import { EventPublisher, isUniqueViolation, type Transaction } from '@meridian/server-kit';
import { PersonsBulkService } from '../persons/persons-bulk.service';
import { PersonsService } from '../persons/persons.service';
import { inboundBatch, INBOUND_DEFAULT_FIELDS, SYSTEM_INBOUND_FIELDS } from './inbound-sql';
import { InboundStagingRepository } from './inbound-staging.repository';

type SyncedBatch = EventPayload<typeof contactsSynced>;

/** Where new custom fields go in the field order: after the organisation's own. */
const NEW_FIELD_POSITION = 1000;

/**
 * Lands a contactsSynced batch: stages its rows, upserts them through the one bulk write path
 * (creating the custom fields it brings) and answers with contactsSyncApplied, all in the
 * consumer's transaction. A batch id seen before is answered with nothing written.
 */
@Injectable()
export class InboundSyncService {
  constructor(
    private readonly staging: InboundStagingRepository,
    private readonly bulk: PersonsBulkService,
    private readonly persons: PersonsService,
    private readonly publisher: EventPublisher,
  ) {}

  /**
   * Lands a delivery's batches in order. The first try inserts new contacts without ON CONFLICT
   * (cheaper); a contact another transaction created meanwhile with one of the emails makes the
   * unique index refuse, and then the savepoint undoes the try and the batches land again
   * tolerating such contacts, in the same transaction, with the same counts. An organisation's
   * field definitions are read once per try, and its batches' new fields added to them.
   */
  async applyAll(tx: Transaction, batches: readonly SyncedBatch[]): Promise<void> {
    try {
      await this.staging.inSavepoint(tx, async () => {
        const fields = new Map<string, PersonField[]>();
        for (const batch of batches) await this.apply(tx, batch, false, fields);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const fields = new Map<string, PersonField[]>();
      for (const batch of batches) await this.apply(tx, batch, true, fields);
    }
  }

  async apply(
    tx: Transaction,
    batch: SyncedBatch,
    guarded = true,
    fields = new Map<string, PersonField[]>(),
  ): Promise<void> {
    const organisationId = batch.organisation_id;
    if (!(await this.staging.claimBatch(tx, organisationId, batch.batch_id))) return;
    const existing = fields.get(organisationId) ?? (await this.persons.fieldDefinitions(organisationId));
    const known = new Map(existing.map((f) => [f.name, f]));
    const newFields = this.newFields(batch, known);
    fields.set(organisationId, [...existing, ...newFields]);
    const custom = new Set([
      ...existing.filter((f) => f.custom).map((f) => f.name),
      ...newFields.map((f) => f.name),
    ]);

    const keys = new Set(batch.rows.flatMap((row) => Object.keys(row.values)));
    // A Segment identify also names the product user id; no other source may write it.
    const fillable =
      batch.source === 'segment'
        ? [...INBOUND_DEFAULT_FIELDS, ...SYSTEM_INBOUND_FIELDS]
        : INBOUND_DEFAULT_FIELDS;
    const carried = fillable.filter((f) => keys.has(f) && known.get(f)?.custom === false);
    const customFields = [...keys].filter((k) => custom.has(k));

    const failures = await this.staging.stage(tx, batch.rows, customFields);
    const { inserted, updated } = await this.bulk.upsertStaged(
      organisationId,
      inboundBatch(carried as DefaultFieldName[], customFields),
      {
        enableUpdate: batch.options.enable_update,
        overwriteValues: batch.options.overwrite_values,
        ignoreBlank: batch.options.ignore_blank,
      },
      { newFields, allNew: false, tx, guarded },
    );
    await this.publisher.publish(tx, contactsSyncApplied, {
      organisation_id: organisationId,
      source: batch.source,
      connection_id: batch.connection_id,
      sync_run_id: batch.sync_run_id,
      batch_id: batch.batch_id,
      inserted,
      updated,
      failed: failures.failed,
      errors: failures.errors,
    });
  }

  /** The batch's new custom fields the organisation lacks; a name that is a default field's is never custom. */
  private newFields(
    batch: SyncedBatch,
    known: Map<string, PersonField>,
  ): (PersonField & { position: number })[] {
    const seen = new Set<string>();
    return batch.new_fields
      .filter((f) => f.name === fieldName(f.name) && f.name !== '' && !known.has(f.name))
      .filter((f) => !seen.has(f.name) && Boolean(seen.add(f.name)))
      .map((f, i) => ({
        name: f.name,
        display: f.display.slice(0, 255) || f.name,
        type: f.type,
        length: null,
        read_only: false,
        updatable: true,
        required: false,
        hidden: false,
        custom: true,
        position: NEW_FIELD_POSITION + known.size + i,
      }));
  }
}
