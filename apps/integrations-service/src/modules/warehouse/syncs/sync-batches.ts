import { chunkBySerialisedSize, storableText } from '@meridian/server-kit';
import {
  type contactsSynced,
  DEFAULT_FIELD_NAMES,
  type EventPayload,
  INBOUND_EVENT_MAX_BYTES,
  type SyncColumn,
} from '@meridian/contracts';

type SyncedBatch = EventPayload<typeof contactsSynced>;
type Value = string | number | boolean | null;
type NewField = SyncedBatch['new_fields'][number];

/** Room left in an event for its envelope and fields besides the rows. */
const ENVELOPE_BYTES = 16 * 1024;

/**
 * A warehouse value as a person field value: dates as ISO text, 64-bit numbers and decimals as the
 * driver's text, text as Postgres can store it.
 */
export function fieldValue(value: unknown): Value {
  if (value === null || value === undefined) return null;
  // A warehouse string may hold what Postgres cannot (Snowflake's VARCHAR takes a NUL): the
  // batch's event would be refused, and the run fail on every try.
  if (typeof value === 'string') return storableText(value);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  return JSON.stringify(value);
}

/** The type a new custom field gets from the values a batch brings for it. */
function inferType(values: readonly Value[], raw: readonly unknown[]): NewField['type'] {
  const present = values.filter((v) => v !== null);
  if (present.length === 0) return 'string';
  if (raw.every((v) => v === null || v === undefined || v instanceof Date)) return 'datetime';
  if (present.every((v) => typeof v === 'boolean')) return 'boolean';
  if (present.every((v) => typeof v === 'number')) {
    return present.every((v) => Number.isInteger(v)) ? 'integer' : 'float';
  }
  return 'string';
}

export interface BatchContext {
  organisationId: string;
  connectionId: string;
  runId: string;
  tableId: string;
  /** Numbers the batches of a run, so a batch id is stable for the same checkpoint. */
  firstSequence: number;
}

/**
 * Warehouse rows as contactsSynced payloads, each under INBOUND_EVENT_MAX_BYTES. A row without an
 * email still travels (the campaign service reports it as failed). Custom destination columns are
 * announced as new fields; the campaign service creates those it lacks.
 */
export function toSyncedBatches(
  rows: readonly Record<string, unknown>[],
  columns: readonly SyncColumn[],
  context: BatchContext,
): SyncedBatch[] {
  const emailColumn = columns.find((c) => c.destination_column_name === 'email')?.column_name;
  const mapped = columns.filter((c) => c.destination_column_name !== 'email');
  const personRows = rows.map((row) => ({
    email: String(fieldValue(emailColumn ? row[emailColumn] : null) ?? '').trim(),
    values: Object.fromEntries(
      mapped.map((c) => [c.destination_column_name, fieldValue(row[c.column_name])]),
    ),
  }));
  const defaults = new Set<string>(DEFAULT_FIELD_NAMES);
  const newFields = mapped
    .filter((c) => !defaults.has(c.destination_column_name))
    .map((c) => ({
      name: c.destination_column_name,
      display: c.column_name,
      type: inferType(
        personRows.map((r) => r.values[c.destination_column_name] ?? null),
        rows.map((r) => r[c.column_name]),
      ),
    }));

  const limit = INBOUND_EVENT_MAX_BYTES - ENVELOPE_BYTES - Buffer.byteLength(JSON.stringify(newFields));
  return chunkBySerialisedSize(personRows, limit).map((chunk, index): SyncedBatch => ({
    organisation_id: context.organisationId,
    source: 'warehouse',
    connection_id: context.connectionId,
    sync_run_id: context.runId,
    batch_id: `${context.runId}:${context.tableId}:${context.firstSequence + index}`,
    new_fields: newFields,
    rows: chunk,
    // The warehouse is the source of the fields it maps: its values replace stored ones, blanks clear.
    options: { enable_update: true, overwrite_values: true, ignore_blank: false },
  }));
}
