import { randomUUID } from 'node:crypto';
import { cellValue } from '../uploads/csv-reader';
import type { ImportColumn } from './import-columns';
import { typedJson } from './typed-cells';

/** Characters a JSON string must escape: quote, backslash and the controls. */
// eslint-disable-next-line no-control-regex
const JSON_SPECIALS = /["\\\u0000-\u001f]/;

let lastMs = -1;
let timePrefix = '';
let counter = 0;

function startMillisecond(ms: number): void {
  lastMs = ms;
  const hex = ms.toString(16).padStart(12, '0');
  timePrefix = `${hex.slice(0, 8)}-${hex.slice(8)}-7`;
  // A random start within the first half leaves room for 2048 ids in this millisecond.
  counter = Math.floor(Math.random() * 0x800);
}

/**
 * A time-ordered id (UUID version 7: 48 bits of milliseconds, a 12-bit counter,
 * then random bits), strictly increasing within the process. Ids made in file order
 * grow at the right edge of the contacts' indexes, so the insert needs no sort and
 * splits no pages.
 */
export function timeOrderedId(): string {
  const now = Date.now();
  // A clock set back keeps the last millisecond: ids never go down.
  if (now > lastMs) startMillisecond(now);
  else if (++counter > 0xfff) startMillisecond(lastMs + 1);
  // randomUUID: xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx; its variant and random tail are kept.
  return timePrefix + counter.toString(16).padStart(3, '0') + randomUUID().slice(18);
}

/**
 * The part of a staging row that is computed from the whole record: the custom
 * fields as a JSON object (what `custom_fields` receives) and the new contact's id,
 * as COPY text columns. Built here, on the parser's side, because Postgres builds
 * jsonb and random ids several times slower, and would do it inside the import.
 */
export function stagingRowTail(columns: ImportColumn[]): (record: string[]) => string {
  const custom = columns
    .filter((c) => c.custom)
    .map((c) => ({ index: c.index, key: `${JSON.stringify(c.field)}:`, type: c.type }));
  const quoted = (value: string) => (JSON_SPECIALS.test(value) ? JSON.stringify(value) : `"${value}"`);
  return (record) => {
    let json = '{';
    for (const { index, key, type } of custom) {
      const value = cellValue(record[index]);
      if (value === null) continue;
      if (json.length > 1) json += ',';
      json += key + (type === 'string' ? quoted(value) : typedJson(type, value, quoted));
    }
    json += '}';
    // COPY text reads backslashes as escapes; JSON escapes are the only ones left here.
    if (json.includes('\\')) json = json.replace(/\\/g, '\\\\');
    return `\t${json}\t${timeOrderedId()}`;
  };
}
