import type { EventEnvelope } from '@meridian/contracts';
import type { IHeaders, Message, TopicMessages } from 'kafkajs';

/** Header names on every event message; the value is the JSON payload. */
export const KAFKA_HEADERS = {
  eventId: 'event-id',
  occurredAt: 'occurred-at',
  correlationId: 'correlation-id',
} as const;

export function toKafkaMessage(envelope: EventEnvelope): Message {
  const headers: IHeaders = {
    [KAFKA_HEADERS.eventId]: envelope.id,
    [KAFKA_HEADERS.occurredAt]: envelope.occurred_at,
  };
  if (envelope.correlation_id) headers[KAFKA_HEADERS.correlationId] = envelope.correlation_id;
  return { key: envelope.key, value: JSON.stringify(envelope.payload), headers };
}

/** Topic per event name, envelopes kept in their order within each topic. */
export function toTopicMessages(envelopes: readonly EventEnvelope[]): TopicMessages[] {
  const byTopic = new Map<string, Message[]>();
  for (const envelope of envelopes) {
    const messages = byTopic.get(envelope.name) ?? [];
    messages.push(toKafkaMessage(envelope));
    byTopic.set(envelope.name, messages);
  }
  return [...byTopic].map(([topic, messages]) => ({ topic, messages }));
}

function headerText(headers: IHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

/** Reads a consumed message back; a message without an event id is not ours. */
export function fromKafkaMessage(
  topic: string,
  message: { key: Buffer | null; value: Buffer | null; headers?: IHeaders; timestamp: string },
): EventEnvelope | null {
  const id = headerText(message.headers, KAFKA_HEADERS.eventId);
  if (!id || !message.value) return null;
  const correlationId = headerText(message.headers, KAFKA_HEADERS.correlationId);
  return {
    id,
    name: topic,
    key: message.key?.toString() ?? '',
    payload: JSON.parse(message.value.toString()) as unknown,
    occurred_at:
      headerText(message.headers, KAFKA_HEADERS.occurredAt) ??
      new Date(Number(message.timestamp)).toISOString(),
    ...(correlationId ? { correlation_id: correlationId } : {}),
  };
}
