import { z } from 'zod';
import { defineEvent } from './event';

/**
 * Inbound data: the integrations service publishes what comes in from warehouses, Segment and
 * Salesforce; the campaign service lands it through the contacts' one bulk write path and stores
 * product activity. A batch travels as one event, so one event stays under the transport's
 * message size limit (Kafka's default is 1 MB): publishers split their batches by
 * INBOUND_EVENT_MAX_BYTES of serialised payload.
 */
export const INBOUND_EVENT_MAX_BYTES = 512 * 1024;

export const inboundSourceSchema = z.enum(['warehouse', 'segment', 'salesforce']);
export type InboundSource = z.infer<typeof inboundSourceSchema>;

const fieldValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** A custom person field a batch brings ('Map as custom columns'); created when first seen. */
export const inboundFieldSchema = z.object({
  name: z.string(),
  display: z.string(),
  type: z.enum(['string', 'boolean', 'integer', 'float', 'datetime']),
});

export const contactsSynced = defineEvent({
  domain: 'integrations',
  entity: 'contacts',
  event: 'synced',
  version: 1,
  payload: z.object({
    organisation_id: z.string(),
    source: inboundSourceSchema,
    /** The connection the rows came from; null for Segment identify calls. */
    connection_id: z.string().nullable(),
    /** The sync run the batch belongs to, so the outcome can be reported back to it. */
    sync_run_id: z.string().nullable(),
    /** Unique per batch and stable across retries of the same batch. */
    batch_id: z.string(),
    new_fields: z.array(inboundFieldSchema),
    /** Keyed by email; `values` uses person field names (default and custom). */
    rows: z.array(z.object({ email: z.string(), values: z.record(z.string(), fieldValue) })),
    /** How matched contacts take the values (as the CSV import's options). */
    options: z.object({
      enable_update: z.boolean(),
      overwrite_values: z.boolean(),
      ignore_blank: z.boolean(),
    }),
  }),
  // One organisation's batches land in order.
  key: (p) => p.organisation_id,
});

/** The campaign service's answer to a contactsSynced batch: what it wrote and what it refused. */
export const contactsSyncApplied = defineEvent({
  domain: 'campaign',
  entity: 'contacts',
  event: 'sync_applied',
  version: 1,
  payload: z.object({
    organisation_id: z.string(),
    source: inboundSourceSchema,
    connection_id: z.string().nullable(),
    sync_run_id: z.string().nullable(),
    batch_id: z.string(),
    inserted: z.number().int(),
    updated: z.number().int(),
    /** Rows refused (a bad email, a value not of its field's type...), at most 100 listed. */
    failed: z.number().int(),
    errors: z.array(z.object({ email: z.string(), error: z.string() })),
  }),
  key: (p) => p.organisation_id,
});

/** Product activity (Segment track/page/screen/group calls), which dynamic lists filter on. */
export const productEventsIngested = defineEvent({
  domain: 'integrations',
  entity: 'product_events',
  event: 'ingested',
  version: 1,
  payload: z.object({
    organisation_id: z.string(),
    source: inboundSourceSchema,
    batch_id: z.string(),
    events: z.array(
      z.object({
        /** The sender's messageId: a repeated event is stored once. */
        message_id: z.string(),
        email: z.string().nullable(),
        user_id: z.string().nullable(),
        anonymous_id: z.string().nullable(),
        /** The product org (Segment groupId) the event belongs to, if known. */
        org_id: z.string().nullable(),
        event_name: z.string(),
        event_date: z.string(),
        properties: z.record(z.string(), z.unknown()),
      }),
    ),
  }),
  key: (p) => p.organisation_id,
});
