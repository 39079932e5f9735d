import { z } from 'zod';
import { defineEvent } from './event';

/** Persons per personsDeleted event: keeps one event well under INBOUND_EVENT_MAX_BYTES. */
export const PERSONS_DELETED_BATCH = 1_000;

/**
 * Persons deleted in the product (a contact's delete, or any bulk delete), published in the
 * transaction that deleted them. Other services holding links to these persons (a CRM's records)
 * act on it: the integrations service deletes or unlinks the Salesforce records of their emails.
 */
export const personsDeleted = defineEvent({
  domain: 'campaign',
  entity: 'persons',
  event: 'deleted',
  version: 1,
  payload: z.object({
    organisation_id: z.string(),
    persons: z
      .array(z.object({ person_id: z.string(), email: z.string() }))
      .min(1)
      .max(PERSONS_DELETED_BATCH),
    occurred_at: z.string(),
  }),
  key: (p) => p.organisation_id,
});
