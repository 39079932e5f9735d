import { chunkBySerialisedSize } from '@meridian/server-kit';
import {
  type contactsSynced,
  DEFAULT_FIELD_NAMES,
  type EventPayload,
  INBOUND_EVENT_MAX_BYTES,
} from '@meridian/contracts';
import type { FieldMapping, Value } from './salesforce-sync-rules';
import type { SyncedObject } from './salesforce-soql';

type SyncedBatch = EventPayload<typeof contactsSynced>;
type NewField = SyncedBatch['new_fields'][number];

/** Room left in an event for its envelope and fields besides the rows. */
const ENVELOPE_BYTES = 16 * 1024;
const FIELD_TYPES = new Set<NewField['type']>(['string', 'boolean', 'integer', 'float', 'datetime']);

export interface PullBatchContext {
  organisationId: string;
  connectionId: string;
  runId: string;
  object: SyncedObject;
  /** Names the page (its first and last record): the same page gives the same batch ids. */
  pageKey: string;
}

/** The object a pulled batch carried, read back from its id (`run:object:page:n`). */
export function objectOfBatch(batchId: string): SyncedObject | null {
  const object = batchId.split(':')[1];
  return object === 'lead' || object === 'contact' ? object : null;
}

/** Custom person fields the mapping writes: announced so the campaign service knows their type. */
export function newFieldsOf(mappings: readonly FieldMapping[]): NewField[] {
  const defaults = new Set<string>(DEFAULT_FIELD_NAMES);
  return mappings
    .filter((m) => !defaults.has(m.personField) && m.destination.custom !== false)
    .map((m) => ({
      name: m.personField,
      display: m.destination.display || m.personField,
      type: FIELD_TYPES.has(m.destination.type as NewField['type'])
        ? (m.destination.type as NewField['type'])
        : 'string',
    }));
}

/**
 * Pulled persons as contactsSynced payloads, each under INBOUND_EVENT_MAX_BYTES. Salesforce blanks
 * never clear a person's value (ignore_blank): a field a preference leaves out is not touched.
 */
export function toPullBatches(
  rows: ReadonlyArray<{ email: string; values: Record<string, Value> }>,
  newFields: NewField[],
  context: PullBatchContext,
): SyncedBatch[] {
  const limit = INBOUND_EVENT_MAX_BYTES - ENVELOPE_BYTES - Buffer.byteLength(JSON.stringify(newFields));
  return chunkBySerialisedSize(rows, limit).map((chunk, index): SyncedBatch => ({
    organisation_id: context.organisationId,
    source: 'salesforce',
    connection_id: context.connectionId,
    sync_run_id: context.runId,
    batch_id: `${context.runId}:${context.object}:${context.pageKey}:${index}`,
    new_fields: newFields,
    rows: chunk,
    options: { enable_update: true, overwrite_values: true, ignore_blank: true },
  }));
}
