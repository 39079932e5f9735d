/**
 * SOQL of the pull: the fields a run reads and the keyset page past an object's cursor, in
 * (SystemModstamp, Id) order, so a run stopped anywhere goes on from the last record it stored.
 */

export type SyncedObject = 'lead' | 'contact';
export const SYNCED_OBJECTS: readonly SyncedObject[] = ['lead', 'contact'];
export const SOBJECT_NAMES: Record<SyncedObject, 'Lead' | 'Contact'> = { lead: 'Lead', contact: 'Contact' };

/**
 * The fields every pull reads: the key, the name parts shown on records (a record's name is
 * FirstName LastName, as the compound Name is not on every API) and the cursor.
 */
export const BASE_FIELDS = ['Id', 'Email', 'FirstName', 'LastName', 'SystemModstamp'] as const;

export interface PullCursor {
  modstamp: string | null;
  id: string | null;
}

export interface PullQuery {
  object: SyncedObject;
  /** Salesforce fields the mapping reads for this object. */
  mappedFields: readonly string[];
  /** Selective sync: only records with this boolean field true. */
  selectiveField: string | null;
}

const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const ID = /^[A-Za-z0-9]{15,18}$/;

/** A field name as SOQL takes it; anything else is refused (names come from stored settings). */
export function soqlName(name: string): string {
  if (!NAME.test(name)) throw new Error(`Not a Salesforce field name: ${name}`);
  return name;
}

/** SOQL datetime literals are unquoted ISO text in UTC. */
export function soqlDateTime(value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new Error(`Not a date-time: ${value}`);
  return new Date(time).toISOString();
}

/** Base fields first, then the mapped ones, each once (Salesforce names compare without case). */
export function pullFields(mappedFields: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of [...BASE_FIELDS, ...mappedFields]) {
    const key = soqlName(name).toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/** The WHERE of the records past the cursor (and the selective field); '' when there is none. */
export function pullWhere(query: Pick<PullQuery, 'selectiveField'>, cursor: PullCursor): string {
  const parts: string[] = [];
  if (cursor.modstamp) {
    const stamp = soqlDateTime(cursor.modstamp);
    if (cursor.id) {
      if (!ID.test(cursor.id)) throw new Error(`Not a Salesforce id: ${cursor.id}`);
      parts.push(`(SystemModstamp > ${stamp} OR (SystemModstamp = ${stamp} AND Id > '${cursor.id}'))`);
    } else {
      parts.push(`SystemModstamp > ${stamp}`);
    }
  }
  if (query.selectiveField) parts.push(`${soqlName(query.selectiveField)} = true`);
  return parts.length > 0 ? ` WHERE ${parts.join(' AND ')}` : '';
}

export function pullSoql(query: PullQuery, cursor: PullCursor): string {
  return (
    `SELECT ${pullFields(query.mappedFields).join(', ')} FROM ${SOBJECT_NAMES[query.object]}` +
    `${pullWhere(query, cursor)} ORDER BY SystemModstamp, Id`
  );
}

/** One call that says whether the pull is small (REST pages) or large (a Bulk API 2.0 job). */
export function countSoql(query: PullQuery, cursor: PullCursor): string {
  return `SELECT COUNT() FROM ${SOBJECT_NAMES[query.object]}${pullWhere(query, cursor)}`;
}

/**
 * Records deleted in Salesforce past the deletions' cursor (queryAll reads the recycle bin), in
 * (SystemModstamp, Id) order: a deletion stamps the record, so the cursor sees each one once.
 */
export function deletedSoql(object: SyncedObject, cursor: PullCursor): string {
  const where = pullWhere({ selectiveField: null }, cursor);
  const deleted = where ? `${where} AND IsDeleted = true` : ' WHERE IsDeleted = true';
  return `SELECT Id, SystemModstamp FROM ${SOBJECT_NAMES[object]}${deleted} ORDER BY SystemModstamp, Id`;
}
