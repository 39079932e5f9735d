import { SEGMENT_MAX_CALL_BYTES } from '@meridian/contracts';
import { BATCH_DEFAULTS, batchCallWriter, overCallLimit } from './segment-batch-calls';

type Json = Record<string, unknown>;

/** What the inbox stored before: a copy of the call with the batch's defaults set, no write key. */
function reference(item: unknown, body: Json): string {
  const call: Json =
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? { ...(item as Json) }
      : { value: item };
  for (const field of BATCH_DEFAULTS)
    if (call[field] === undefined && body[field] !== undefined) call[field] = body[field];
  delete call.writeKey;
  return JSON.stringify(call);
}

const context = { library: { name: '@segment/analytics-node', version: '3.1.0' }, ip: '1.2.3.4' };
const bodies: Json[] = [
  { sentAt: '2026-01-01T00:00:00.000Z', writeKey: 'k' },
  { sentAt: '2026-01-01T00:00:00.000Z', context, integrations: { All: false, 'Big "Q"': true } },
  {},
  { context: null, sentAt: 1767225600000 },
];
const items: unknown[] = [
  { type: 'track', event: 'E', userId: 'u', properties: { a: 'x\ty\n"z"\\' } },
  { type: 'track', event: 'E', sentAt: '2025-12-31T23:59:59.000Z', context: { own: true } },
  { type: 'identify', userId: 'u', traits: { name: 'Zoë 🙂' }, integrations: null },
  {},
  { writeKey: 'other', type: 'track', event: 'E' },
  [1, 2],
  'text',
  42,
  null,
];

describe('batchCallWriter', () => {
  it.each(bodies)('writes every call as a copy with the defaults would be: %j', (body) => {
    const write = batchCallWriter(body);
    for (const item of items) expect(write(item)).toBe(reference(item, body));
  });
});

describe('overCallLimit', () => {
  it('counts UTF-8 bytes, not characters, near the limit', () => {
    expect(overCallLimit('a'.repeat(SEGMENT_MAX_CALL_BYTES))).toBe(false);
    expect(overCallLimit('a'.repeat(SEGMENT_MAX_CALL_BYTES + 1))).toBe(true);
    expect(overCallLimit('é'.repeat(SEGMENT_MAX_CALL_BYTES / 2))).toBe(false);
    expect(overCallLimit('é'.repeat(SEGMENT_MAX_CALL_BYTES / 2 + 1))).toBe(true);
    expect(overCallLimit('é'.repeat(100))).toBe(false);
  });
});
