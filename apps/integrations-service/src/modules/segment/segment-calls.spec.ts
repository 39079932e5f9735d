import { INBOUND_EVENT_MAX_BYTES, segmentMessages } from '@meridian/contracts';
import { correctedTime, readInboxCall } from './segment-calls';
import { chunkBySize, outboundEvents } from './segment-outbound';

const ORG = '00000000-0000-4000-8000-000000000001';
const received = new Date('2026-03-01T12:00:00.000Z');

describe('Segment calls', () => {
  it('corrects a sender clock that runs ahead by the sentAt/receivedAt difference', () => {
    const corrected = correctedTime(
      { timestamp: '2026-03-01T14:59:00.000Z', sentAt: '2026-03-01T15:00:00.000Z' },
      received,
    );
    expect(corrected?.toISOString()).toBe('2026-03-01T11:59:00.000Z');
  });

  it('keeps the sender time without sentAt and uses the receive time without any time', () => {
    expect(correctedTime({ timestamp: '2026-02-01T00:00:00Z' }, received)?.toISOString()).toBe(
      '2026-02-01T00:00:00.000Z',
    );
    expect(correctedTime({}, received)).toEqual(received);
    expect(correctedTime({ timestamp: '2026' }, received)).toBeNull();
    // Years no database stores: refused here rather than failing the batch that writes them.
    expect(correctedTime({ timestamp: '0000-01-01T00:00:00Z' }, received)).toBeNull();
    expect(correctedTime({ timestamp: -1e15 }, received)).toBeNull();
    expect(correctedTime({ timestamp: '2026-03-01T00:00:00Z', sentAt: 'soon' }, received)).toBeNull();
  });

  it.each([
    [{ type: 'track', event: 'E' }, 'MissingIdentity', segmentMessages.missingIdentity],
    [{ type: 'track', userId: 'u' }, 'MissingEventName', segmentMessages.missingEventName],
    [{ type: 'group', userId: 'u' }, 'MissingGroupId', segmentMessages.missingGroupId],
    [{ type: 'alias', previousId: 'a' }, 'MissingPreviousId', segmentMessages.missingPreviousId],
    [{ type: 'identify', userId: 'u', traits: {} }, 'MissingEmail', segmentMessages.missingEmail],
    [
      { type: 'identify', userId: 'u', traits: { email: 'ada at example' } },
      'MissingEmail',
      segmentMessages.invalidEmail,
    ],
    [{ type: 'boom', userId: 'u' }, 'UnknownCallType', segmentMessages.unknownType],
    [
      { type: 'track', userId: 'u', event: 'E', timestamp: '2030-01-01T00:00:00Z' },
      'EventInFuture',
      segmentMessages.eventInFuture,
    ],
  ])('refuses %j as %s', (call, exception, description) => {
    const result = readInboxCall(ORG, received, JSON.stringify(call), received);
    expect('refused' in result && result.refused.exception).toBe(exception);
    if (description && 'refused' in result) expect(result.refused.description).toBe(description);
  });

  it('refuses a stored call that is not JSON instead of throwing', () => {
    const result = readInboxCall(ORG, received, '{"type":', received);
    expect('refused' in result && result.refused.exception).toBe('InvalidJson');
  });

  it('gives a call without messageId an id from its content, the same for a retry', () => {
    const raw = JSON.stringify({ type: 'track', userId: 'u', event: 'E' });
    const first = readInboxCall(ORG, received, raw);
    const again = readInboxCall(ORG, received, raw);
    expect(
      'accepted' in first && 'accepted' in again && first.accepted.message_id === again.accepted.message_id,
    ).toBe(true);
  });

  it('splits outbound events so each stays under the transport limit', () => {
    const calls = Array.from({ length: 300 }, (_, i) => {
      const raw = JSON.stringify({
        type: 'track',
        userId: 'u',
        event: 'Big',
        messageId: `m${i}`,
        properties: { pad: 'x'.repeat(8000) },
      });
      const read = readInboxCall(ORG, received, raw);
      if (!('accepted' in read)) throw new Error('refused');
      return read.accepted;
    });
    const out = outboundEvents(calls);
    expect(out.length).toBeGreaterThan(4);
    for (const event of out)
      expect(Buffer.byteLength(JSON.stringify(event.payload))).toBeLessThan(INBOUND_EVENT_MAX_BYTES);
    expect(out.flatMap((e) => (e.payload as { events: unknown[] }).events)).toHaveLength(300);
    expect(chunkBySize([])).toEqual([]);
  });

  it('keeps a slice whole exactly when it fits, and splits it by item otherwise', () => {
    const limit = INBOUND_EVENT_MAX_BYTES - 4096;
    // Items of 1,000 bytes of JSON: n of them take n * 1,001 bytes by the per-item count.
    const item = (i: number) => ({ pad: 'x'.repeat(1000 - 15 - String(i).length), i });
    expect(Buffer.byteLength(JSON.stringify(item(7)))).toBe(1000);
    const fitting = Math.floor(limit / 1001) - 1;
    const whole = Array.from({ length: fitting }, (_, i) => item(i % 10));
    expect(chunkBySize(whole)).toEqual([whole]);
    const over = Array.from({ length: fitting + 3 }, (_, i) => item(i % 10));
    const chunks = chunkBySize(over);
    expect(chunks.length).toBe(2);
    expect(chunks.flat()).toEqual(over);
    for (const chunk of chunks) expect(chunk.length * 1001).toBeLessThanOrEqual(limit);
  });
});
