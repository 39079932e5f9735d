import { z } from 'zod';

/**
 * How a payload is stored in the queue: the job's own data beside metadata the
 * machinery needs (the correlation id), so handlers never see the metadata and
 * job schemas never have to declare it. Cron jobs get `_cron` from the worker.
 */
export interface JobEnvelope {
  data: unknown;
  meta: { correlationId?: string };
}

export function wrapPayload(data: unknown, correlationId: string | undefined): JobEnvelope {
  return { data, meta: correlationId ? { correlationId } : {} };
}

const storedEnvelopeSchema = z.object({
  data: z.unknown(),
  meta: z.object({ correlationId: z.string().min(1).optional() }).default({}),
  _cron: z.object({ ts: z.string(), backfilled: z.boolean().default(false) }).optional(),
});

export type StoredEnvelope =
  | { ok: true; data: unknown; correlationId?: string; cron?: { ts: string; backfilled: boolean } }
  | { ok: false; reason: string };

/** Reads what the worker hands a task; anything not written by `JobQueue` or a cron item is refused. */
export function readEnvelope(raw: unknown): StoredEnvelope {
  const parsed = storedEnvelopeSchema.safeParse(raw);
  if (!parsed.success || !Object.prototype.hasOwnProperty.call(raw, 'data')) {
    return { ok: false, reason: 'payload is not a job envelope ({ data, meta })' };
  }
  const { data, meta, _cron } = parsed.data;
  return { ok: true, data, correlationId: meta.correlationId, cron: _cron };
}
