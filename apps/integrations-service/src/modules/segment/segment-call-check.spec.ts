import { segmentCallSchema } from '@meridian/contracts';
import { checkedCall } from './segment-call-check';

const base = { userId: 'u1', timestamp: '2026-01-01T00:00:00.000Z', messageId: 'm1' };

/** Calls the in-place check must accept exactly as the schema parses them. */
const accepted: Record<string, unknown>[] = [
  {
    ...base,
    type: 'track',
    event: 'Report Built',
    properties: { a: 1 },
    context: { library: { name: 'x' } },
  },
  { type: 'track', anonymousId: 'a1', event: 'E', properties: null, sentAt: 1767225600000, version: 2 },
  { ...base, type: 'identify', traits: { email: 'a@example.com' }, integrations: { All: true } },
  { ...base, type: 'page', name: 'Home', category: 'Docs', properties: { url: '/' } },
  { ...base, type: 'screen', name: null, originalTimestamp: '2026-01-01T00:00:00Z' },
  { ...base, type: 'group', groupId: 'g1', traits: { name: 'Acme' } },
  { ...base, type: 'alias', previousId: 'p1' },
];

/** Calls it leaves to the schema: the schema would change them, or refuse them. */
const deferred: Record<string, unknown>[] = [
  { ...base, type: 'track', event: ' Padded ' },
  { ...base, type: 'track', event: '' },
  { ...base, type: 'track' },
  { ...base, type: 'track', event: 'E', userId: 42 },
  { ...base, type: 'track', event: 'E', properties: [1, 2] },
  { ...base, type: 'track', event: 'E', messageId: 'm'.repeat(201) },
  { ...base, type: 'track', event: 'E', messageId: null },
  { ...base, type: 'track', event: 'E', timestamp: true },
  { ...base, type: 'track', event: 'E', context: 'nope' },
  { ...base, type: 'track', event: 'E', version: {} },
  { ...base, type: 'page', name: 7 },
  { ...base, type: 'group', groupId: '' },
  { ...base, type: 'group', groupId: 5 },
  { ...base, type: 'alias' },
  { ...base, type: 'identify', traits: 'x' },
  { ...base, type: 'other' },
];

/** The schema's output keeps only known fields; the check keeps the call as it is. */
const known = (parsed: Record<string, unknown>, call: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(parsed).map((k) => [k, call[k]]));

describe('checkedCall', () => {
  it.each(accepted)('accepts a call the schema parses unchanged: %j', (call) => {
    const withExtra = { ...call, _metadata: { jsRuntime: 'node' } };
    const parsed = segmentCallSchema.parse(withExtra) as Record<string, unknown>;
    const checked = checkedCall(withExtra);
    expect(checked).toBe(withExtra);
    expect(known(parsed, withExtra)).toEqual(parsed);
  });

  it.each(deferred)('leaves anything else to the schema: %j', (call) => {
    expect(checkedCall(call)).toBeNull();
  });
});
