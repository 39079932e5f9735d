import { createHash } from 'node:crypto';
import {
  type crmPersonsExported,
  type EventPayload,
  INBOUND_EVENT_MAX_BYTES,
  ownValue,
} from '@meridian/contracts';

export type ExportBatch = EventPayload<typeof crmPersonsExported>;
export type ExportedPerson = ExportBatch['persons'][number];
type Value = ExportedPerson['values'][string];

/** What every batch of one export says besides its persons and its id. */
export type ExportScope = Omit<ExportBatch, 'batch_id' | 'persons'>;

/** Room kept for a batch id longer than the one the envelope was measured with. */
const ID_SLACK_BYTES = 256;

/** A stored value as the event carries it: scalars as they are, anything else as its JSON text. */
export function exportValue(value: unknown): Value {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** A short stable id part from what identifies a batch's content (a cursor, a set of persons). */
export function batchKey(...parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24);
}

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * A person whose values alone would not fit a batch: its longest values are left out (not sent,
 * so the CRM keeps what it has) until it fits. Answers the person and the fields left out.
 */
function fitted(person: ExportedPerson, room: number): { person: ExportedPerson; dropped: string[] } {
  if (bytesOf(person) <= room) return { person, dropped: [] };
  const values = { ...person.values };
  const dropped: string[] = [];
  const bySize = Object.keys(values).sort((a, b) => bytesOf(values[b]) - bytesOf(values[a]));
  for (const field of bySize) {
    if (field === 'email') continue;
    delete values[field];
    dropped.push(field);
    if (bytesOf({ ...person, values }) <= room) break;
  }
  return { person: { ...person, values }, dropped };
}

/**
 * Persons as crmPersonsExported payloads in their order, each payload under
 * INBOUND_EVENT_MAX_BYTES when serialised. Batch ids are `${idBase}:${n}`: the same persons
 * from the same starting point give the same ids, so a retried export repeats its ids.
 */
export function toExportBatches(
  persons: readonly ExportedPerson[],
  scope: ExportScope,
  idBase: string,
  maxBytes = INBOUND_EVENT_MAX_BYTES,
  onDropped?: (personId: string, fields: string[]) => void,
): ExportBatch[] {
  const envelope = bytesOf({ ...scope, batch_id: `${idBase}:0`, persons: [] }) + ID_SLACK_BYTES;
  const room = maxBytes - envelope;
  if (room <= 0) throw new Error('An export batch has no room for persons');
  const batches: ExportBatch[] = [];
  let current: ExportedPerson[] = [];
  let size = 0;
  const flush = () => {
    if (current.length === 0) return;
    batches.push({ ...scope, batch_id: `${idBase}:${batches.length}`, persons: current });
    current = [];
    size = 0;
  };
  for (const original of persons) {
    const { person, dropped } = fitted(original, room - 1);
    if (dropped.length > 0) onDropped?.(person.person_id, dropped);
    // One comma between rows.
    const bytes = bytesOf(person) + 1;
    if (size + bytes > room) flush();
    current.push(person);
    size += bytes;
  }
  flush();
  return batches;
}

/** A person as the event carries it: every asked field present (null when unset), email always. */
export function toExported(
  row: { person_id: string; email: string; time_updated: Date; values: Record<string, unknown> },
  fields: readonly string[],
): ExportedPerson {
  const values: ExportedPerson['values'] = { email: row.email };
  for (const field of fields) values[field] = exportValue(ownValue(row.values, field));
  return {
    person_id: row.person_id,
    email: row.email,
    time_updated: row.time_updated.toISOString(),
    values,
  };
}
