import { z } from 'zod';
import { defineEvent } from './event';

/**
 * The CRM push seam. The campaign service owns persons; the integrations service owns Salesforce.
 * The integrations service says which organisations push what (crmPushConfigured); the campaign
 * service then exports the persons that changed (and the ones a flow step or a resync asks for) as
 * crmPersonsExported batches, each under INBOUND_EVENT_MAX_BYTES of payload.
 */

const fieldValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const crmInclusionListSchema = z.object({
  list_id: z.string(),
  list_type: z.enum(['static', 'dynamic']),
});

/** Published whenever a CRM connection's push settings change (and when it is removed). */
export const crmPushConfigured = defineEvent({
  domain: 'integrations',
  entity: 'crm_push',
  event: 'configured',
  version: 1,
  payload: z.object({
    organisation_id: z.string(),
    connection_id: z.string(),
    /** False when the sync is off, paused, disconnected or pushes nothing: the feed stops. */
    enabled: z.boolean(),
    /** Person field names the CRM takes (from the unified mapping); 'email' is always sent. */
    fields: z.array(z.string()),
    /** Only persons in this list are pushed; null: everyone. */
    inclusion_list: crmInclusionListSchema.nullable(),
    occurred_at: z.string(),
  }),
  key: (p) => p.organisation_id,
});

/** Persons to push: their current values of the configured fields. */
export const crmPersonsExported = defineEvent({
  domain: 'campaign',
  entity: 'crm_persons',
  event: 'exported',
  version: 1,
  payload: z.object({
    organisation_id: z.string(),
    connection_id: z.string(),
    /** Unique per batch, stable across retries of the same batch. */
    batch_id: z.string(),
    reason: z.enum(['changed', 'flow_step', 'resync']),
    /** Set for reason flow_step: the step that asked. */
    campaign_id: z.string().nullable(),
    run_id: z.string().nullable(),
    action_id: z.string().nullable(),
    /** Set for reason resync: the crmResyncRequested it answers. */
    request_id: z.string().nullable(),
    persons: z.array(
      z.object({
        person_id: z.string(),
        email: z.string(),
        /** When the person last changed in the product (ISO). */
        time_updated: z.string(),
        values: z.record(z.string(), fieldValue),
      }),
    ),
  }),
  key: (p) => p.organisation_id,
});

/** The integrations service asks for persons by email to push again (person.resync, errors.resync). */
export const crmResyncRequested = defineEvent({
  domain: 'integrations',
  entity: 'crm_resync',
  event: 'requested',
  version: 1,
  payload: z.object({
    organisation_id: z.string(),
    connection_id: z.string(),
    request_id: z.string(),
    emails: z.array(z.string()).min(1).max(1000),
    occurred_at: z.string(),
  }),
  key: (p) => p.organisation_id,
});
