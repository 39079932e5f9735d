import { SEGMENT_MAX_CALL_BYTES } from '@meridian/contracts';

type Json = Record<string, unknown>;

/** Fields of a batch that apply to each of its calls that lacks them. */
export const BATCH_DEFAULTS = ['context', 'integrations', 'sentAt'] as const;

/** UTF-8 takes 1-3 bytes per UTF-16 unit: most calls are decided by their length without counting bytes. */
export function overCallLimit(json: string): boolean {
  if (json.length * 3 <= SEGMENT_MAX_CALL_BYTES) return false;
  return json.length > SEGMENT_MAX_CALL_BYTES || Buffer.byteLength(json) > SEGMENT_MAX_CALL_BYTES;
}

/** The batch's defaults that are set, each as its `"field":value` JSON text. */
function batchDefaults(body: Json): { field: string; text: string }[] {
  return BATCH_DEFAULTS.filter((field) => body[field] !== undefined).map((field) => ({
    field,
    text: `${JSON.stringify(field)}:${JSON.stringify(body[field])}`,
  }));
}

/** A call's JSON with the defaults it lacks appended, in the order a copy with them set would have. */
function withDefaults(json: string, call: Json, defaults: { field: string; text: string }[]): string {
  let extra = '';
  for (const d of defaults) if (call[d.field] === undefined) extra += extra === '' ? d.text : `,${d.text}`;
  if (extra === '') return json;
  return json === '{}' ? `{${extra}}` : `${json.slice(0, -1)},${extra}}`;
}

/** The general case: a copy of the call (or `{ value }` for a non-object) with defaults, without its write key. */
function copiedCall(item: unknown, body: Json): Json {
  const call: Json =
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? { ...(item as Json) }
      : { value: item };
  for (const field of BATCH_DEFAULTS)
    if (call[field] === undefined && body[field] !== undefined) call[field] = body[field];
  delete call.writeKey;
  return call;
}

/**
 * Writes each call of a batch as the JSON the inbox stores: the call with the batch's defaults it
 * lacks, without a write key. The common call (an object without a write key) is written as it
 * came with the defaults appended as text, with no copy of the object per call; the same JSON a
 * copy with the defaults set would give.
 */
export function batchCallWriter(body: Json): (item: unknown) => string {
  const defaults = batchDefaults(body);
  return (item) =>
    item !== null && typeof item === 'object' && !Array.isArray(item) && (item as Json).writeKey === undefined
      ? withDefaults(JSON.stringify(item), item as Json, defaults)
      : JSON.stringify(copiedCall(item, body));
}
