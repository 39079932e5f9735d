// Salesforce record ids: a 3-character key prefix naming the object, 12 more characters, and a
// 3-character suffix that makes the 18-character form safe for case-insensitive systems.

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SUFFIX = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

/** The checksum suffix: one character per 5-character chunk, a bit set for each upper-case letter. */
function suffixOf(id15: string): string {
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk += 1) {
    let bits = 0;
    for (let i = 0; i < 5; i += 1) {
      const c = id15.charCodeAt(chunk * 5 + i);
      if (c >= 65 && c <= 90) bits |= 1 << i;
    }
    suffix += SUFFIX[bits];
  }
  return suffix;
}

/**
 * A fresh 18-character id. Counters are encoded in base 62 in ASCII order, so ids of one prefix
 * sort by creation when compared as strings (the keyset paging of `ORDER BY ..., Id` relies on it).
 */
export function makeSalesforceId(prefix: string, counter: number): string {
  let body = '';
  let n = counter;
  for (let i = 0; i < 10; i += 1) {
    body = BASE62[n % 62] + body;
    n = Math.floor(n / 62);
  }
  const id15 = `${prefix}8d${body}`;
  return id15 + suffixOf(id15);
}

const ID_PATTERN = /^[a-zA-Z0-9]{15}(?:[A-Z0-5]{3})?$/;

/** The 18-character form of a 15- or 18-character id; null when it is not shaped like an id. */
export function normalizeSalesforceId(value: string): string | null {
  if (!ID_PATTERN.test(value)) return null;
  return value.length === 18 ? value : value + suffixOf(value);
}

export class IdSequence {
  private readonly counters = new Map<string, number>();

  next(prefix: string): string {
    const counter = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, counter);
    return makeSalesforceId(prefix, counter);
  }
}
