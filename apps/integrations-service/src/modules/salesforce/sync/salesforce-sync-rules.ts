import { createHash } from 'node:crypto';
import { salesforceErrorClassOf, type SalesforceErrorClass } from '@meridian/contracts';
import type { SyncedObject } from './salesforce-soql';

/**
 * The rules both directions share (wave: "Rules that several parts share"): sync preferences,
 * the conflict rule when both sides changed, value comparison, and error classes.
 */

export type SyncPreference = 'two_way' | 'always_use_connection' | 'prefer_connection';
export type Value = string | number | boolean | null;

/** One person field mapped to this connection's lead and/or contact field. */
export interface FieldMapping {
  personField: string;
  lead: string | null;
  contact: string | null;
  preference: SyncPreference;
  /** The person field as the mapping saw it (a custom one is announced with the batch). */
  destination: { display?: string; type?: string; custom?: boolean };
}

export const EMAIL_FIELD = 'email';

/** The Salesforce field of a mapping for an object, or null when the object has none. */
export const sfFieldOf = (mapping: FieldMapping, object: SyncedObject): string | null =>
  (object === 'lead' ? mapping.lead : mapping.contact) || null;

/** Salesforce fields of an object the pull reads (email is always read as Email). */
export function mappedSfFields(mappings: readonly FieldMapping[], object: SyncedObject): string[] {
  return mappings
    .filter((m) => m.personField !== EMAIL_FIELD)
    .map((m) => sfFieldOf(m, object))
    .filter((f): f is string => f !== null);
}

/** A value as compared and hashed: blanks are null, text is trimmed. */
export function normalize(value: unknown): Value {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** Two values are the same when their normalised text is (Salesforce answers numbers as text in CSV). */
export const sameValue = (a: unknown, b: unknown): boolean => {
  const x = normalize(a);
  const y = normalize(b);
  return x === null || y === null ? x === y : String(x) === String(y);
};

/** A stable hash of field values (key order does not matter). */
export function valuesHash(values: Record<string, unknown>): string {
  const entries = Object.keys(values)
    .sort()
    .map((k) => [k, normalize(values[k]) === null ? null : String(normalize(values[k]))]);
  return createHash('sha1').update(JSON.stringify(entries)).digest('hex');
}

/** The mapped Salesforce fields' values of a pulled record (what sf_values keeps). */
export function sfValuesOf(
  record: Record<string, unknown>,
  mappings: readonly FieldMapping[],
  object: SyncedObject,
): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const field of mappedSfFields(mappings, object)) out[field] = normalize(record[field]);
  return out;
}

/**
 * The conflict rule: when both sides changed since the last sync, the later change wins
 * (Salesforce's SystemModstamp against the person's time_updated). Ties go to Salesforce.
 */
export function salesforceWins(
  sfModstamp: string | Date | null,
  personUpdatedAt: string | Date | null,
): boolean {
  if (!personUpdatedAt) return true;
  if (!sfModstamp) return false;
  return new Date(sfModstamp).getTime() >= new Date(personUpdatedAt).getTime();
}

/**
 * A pulled value as the person field's type: Bulk API results are CSV text ('true', '42'), so
 * booleans and numbers are read back; anything that does not parse stays as it came.
 */
export function asFieldType(value: Value, type: string | undefined): Value {
  if (typeof value !== 'string') return value;
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  if ((type === 'integer' || type === 'float') && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return value;
}

/**
 * A pulled record as person values. always_use_connection takes Salesforce's value; two_way too,
 * unless the person changed later (a pending push says when); prefer_connection only when
 * Salesforce has a value. A field left out is not touched (the batch ignores blanks).
 */
export function pulledPersonValues(
  record: Record<string, unknown>,
  object: SyncedObject,
  mappings: readonly FieldMapping[],
  personChangedAt: string | Date | null,
): Record<string, Value> {
  const out: Record<string, Value> = {};
  const sfWins = salesforceWins(record.SystemModstamp as string | null, personChangedAt);
  for (const mapping of mappings) {
    if (mapping.personField === EMAIL_FIELD) continue;
    const field = sfFieldOf(mapping, object);
    if (!field) continue;
    const value = normalize(record[field]);
    if (mapping.preference === 'two_way' && !sfWins) continue;
    if (mapping.preference === 'prefer_connection' && value === null) continue;
    out[mapping.personField] = asFieldType(value, mapping.destination.type);
  }
  return out;
}

/**
 * What a push writes to a record: two_way fields unless Salesforce changed later,
 * prefer_connection fields only where Salesforce's value is empty, never always_use_connection
 * fields nor the email. Fields whose value Salesforce already holds are left out.
 */
export function pushSfValues(
  person: { values: Record<string, unknown>; updatedAt: string | Date | null },
  record: {
    object: SyncedObject;
    sfValues: Record<string, unknown>;
    sfModstamp: string | Date | null;
  } | null,
  object: SyncedObject,
  mappings: readonly FieldMapping[],
): Record<string, Value> {
  const out: Record<string, Value> = {};
  const sfWins = record
    ? salesforceWins(record.sfModstamp, person.updatedAt) && record.sfModstamp !== null
    : false;
  for (const mapping of mappings) {
    if (mapping.personField === EMAIL_FIELD || mapping.preference === 'always_use_connection') continue;
    if (!(mapping.personField in person.values)) continue;
    const field = sfFieldOf(mapping, object);
    if (!field) continue;
    const value = normalize(person.values[mapping.personField]);
    const current = record?.sfValues[field];
    if (mapping.preference === 'two_way' && sfWins) continue;
    if (mapping.preference === 'prefer_connection' && normalize(current) !== null) continue;
    if (record && sameValue(current, value)) continue;
    out[field] = value;
  }
  return out;
}

/** A Salesforce error code as an error class, by the contract's one rule (sync health reads the same classes). */
export function errorClassOf(
  code: string | null | undefined,
  fields?: readonly string[] | null,
): SalesforceErrorClass {
  return salesforceErrorClassOf(code ?? '', fields);
}

/** Codes after which the record is tried again later, without counting as a failure. */
export const RETRY_LATER_CODES = new Set(['UNABLE_TO_LOCK_ROW']);
/** Codes that mean the org's API allowance is spent: the work waits, never fails. */
export const DEFERRED_CODES = new Set(['REQUEST_LIMIT_EXCEEDED']);
/** Codes that mean the login is gone: the connection is paused until an admin logs in again. */
export const LOGIN_CODES = new Set(['INVALID_SESSION_ID', 'invalid_grant', 'INVALID_AUTH_HEADER']);
