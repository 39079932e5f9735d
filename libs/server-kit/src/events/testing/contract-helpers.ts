import { randomBytes, randomUUID } from 'node:crypto';
import {
  defineEvent,
  type EventDefinition,
  type EventEnvelope,
  type EventPayload,
} from '@meridian/contracts';
import { z } from 'zod';
import { createLogger } from '../../logging/logger';
import type { EnvelopeHandler } from '../event-transport';

/** Silent unless TEST_LOG_LEVEL asks (tests may read the environment; services may not). */
export const testLogger = createLogger('events-test', process.env.TEST_LOG_LEVEL ?? 'silent');

export const uniqueSuffix = () => randomBytes(4).toString('hex');

/** A catalogue-style definition with a topic of its own, so tests never share one. */
export function testEvent(label: string) {
  return defineEvent({
    domain: 'contract',
    entity: `${label}${uniqueSuffix()}`,
    event: 'happened',
    version: 1,
    payload: z.object({ key: z.string(), seq: z.number().int() }),
    key: (p) => p.key,
  });
}
export type TestEvent = ReturnType<typeof testEvent>;

export function envelopeOf<D extends EventDefinition>(
  definition: D,
  payload: EventPayload<D>,
  id = randomUUID(),
): EventEnvelope {
  return {
    id,
    name: definition.name,
    key: definition.key(payload),
    payload,
    occurred_at: new Date().toISOString(),
  };
}

/** A handler that records what it receives. */
export function recorder(): { handler: EnvelopeHandler; received: EventEnvelope[] } {
  const received: EventEnvelope[] = [];
  return {
    received,
    handler: async (envelope) => {
      received.push(envelope);
    },
  };
}

export const seqOf = (envelope: EventEnvelope) => (envelope.payload as { seq: number }).seq;

/**
 * Polls until `condition` holds. The deadline only bounds a failing test; no
 * assertion depends on how long anything took.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  deadlineMs = 30_000,
): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
