import { z } from 'zod';

/** `<domain>.<entity>.<event>.v<N>`: the only way an event is named. */
export type EventName = `${string}.${string}.${string}.v${number}`;

export interface EventDefinition<P extends z.ZodType = z.ZodType> {
  name: EventName;
  payload: P;
  /** Ordering key: events with the same key are delivered in publish order. */
  key: (payload: z.output<P>) => string;
}

export function defineEvent<P extends z.ZodType>(definition: {
  domain: string;
  entity: string;
  event: string;
  version: number;
  payload: P;
  key: (payload: z.output<P>) => string;
}): EventDefinition<P> {
  const { domain, entity, event, version, payload, key } = definition;
  return { name: `${domain}.${entity}.${event}.v${version}`, payload, key };
}

export type EventPayload<E extends EventDefinition> = z.output<E['payload']>;

/** What travels on a transport: the payload plus its identity and tracing. */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  key: z.string(),
  payload: z.unknown(),
  occurred_at: z.string(),
  correlation_id: z.string().optional(),
});
export type EventEnvelope = z.infer<typeof eventEnvelopeSchema>;
