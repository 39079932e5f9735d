import type { EventEnvelope } from '@meridian/contracts';
import { fromKafkaMessage, toKafkaMessage, toTopicMessages } from './kafka-messages';
import { RecentIds } from './recent-ids';

const envelope = (id: string, name: string, key: string, correlation_id?: string): EventEnvelope => ({
  id,
  name,
  key,
  payload: { id, nested: { n: 1 } },
  occurred_at: '2026-01-02T03:04:05.000Z',
  ...(correlation_id ? { correlation_id } : {}),
});

/** What kafkajs hands a consumer: keys, values and headers as buffers. */
function asConsumed(message: ReturnType<typeof toKafkaMessage>) {
  const headers = Object.fromEntries(
    Object.entries(message.headers ?? {}).map(([k, v]) => [k, Buffer.from(String(v))]),
  );
  return {
    key: Buffer.from(String(message.key)),
    value: Buffer.from(String(message.value)),
    headers,
    timestamp: '1767323045000',
  };
}

describe('Kafka messages', () => {
  it('round-trips an envelope through key, value and headers', () => {
    const original = envelope('e1', 'test.widget.renamed.v1', 'w1', 'corr-1');
    const message = toKafkaMessage(original);
    expect(message.key).toBe('w1');
    expect(message.headers).toMatchObject({ 'event-id': 'e1', 'correlation-id': 'corr-1' });
    expect(fromKafkaMessage('test.widget.renamed.v1', asConsumed(message))).toEqual(original);
  });

  it('leaves the correlation id out when there is none', () => {
    const back = fromKafkaMessage('t.e.x.v1', asConsumed(toKafkaMessage(envelope('e2', 't.e.x.v1', 'k'))));
    expect(back).not.toHaveProperty('correlation_id');
  });

  it('ignores a message without an event id', () => {
    expect(
      fromKafkaMessage('t', { key: null, value: Buffer.from('{}'), headers: {}, timestamp: '0' }),
    ).toBeNull();
  });

  it('groups a batch by topic, keeping order within each topic', () => {
    const batch = [
      envelope('1', 'a.b.c.v1', 'k'),
      envelope('2', 'x.y.z.v1', 'k'),
      envelope('3', 'a.b.c.v1', 'k'),
    ];
    const grouped = toTopicMessages(batch);
    expect(grouped.map((g) => g.topic)).toEqual(['a.b.c.v1', 'x.y.z.v1']);
    expect(grouped[0]!.messages.map((m) => m.headers?.['event-id'])).toEqual(['1', '3']);
  });
});

describe(RecentIds.name, () => {
  it('remembers ids up to its capacity and forgets the oldest first', () => {
    const ids = new RecentIds(2);
    ids.add('a');
    ids.add('b');
    ids.add('a');
    ids.add('c');
    expect(ids.has('a')).toBe(false);
    expect(ids.has('b')).toBe(true);
    expect(ids.has('c')).toBe(true);
    expect(ids.size).toBe(2);
  });
});
