import { z } from 'zod';
import { defineEvent } from './event';
import { campaignChanged, campaignRunChanged, emailEvents } from './email-events';
import { contactsSyncApplied, contactsSynced, productEventsIngested } from './inbound-events';
import { apiKeyIssued } from './api-key-events';
import { crmPersonsExported, crmPushConfigured, crmResyncRequested } from './crm-events';
import { personsDeleted } from './person-events';

/**
 * The event catalogue: every event any service publishes. Consumers subscribe by
 * these definitions only, never by a string.
 */
export const events = {
  organisationCreated: defineEvent({
    domain: 'auth',
    entity: 'organisation',
    event: 'created',
    version: 1,
    payload: z.object({
      organisation_id: z.string(),
      name: z.string(),
      slug: z.string(),
      domain: z.string(),
    }),
    key: (p) => p.organisation_id,
  }),
  sessionRevoked: defineEvent({
    domain: 'auth',
    entity: 'session',
    event: 'revoked',
    version: 1,
    payload: z.object({
      organisation_id: z.string(),
      account_id: z.string(),
      session_ids: z.array(z.string()),
    }),
    key: (p) => p.account_id,
  }),
  /** An account's roles or name changed: what a session of it may do is no longer what it was. */
  accountChanged: defineEvent({
    domain: 'auth',
    entity: 'account',
    event: 'changed',
    version: 1,
    payload: z.object({
      organisation_id: z.string(),
      account_id: z.string(),
    }),
    key: (p) => p.account_id,
  }),
  ...emailEvents,
  campaignRunChanged,
  campaignChanged,
  contactsSynced,
  contactsSyncApplied,
  productEventsIngested,
  apiKeyIssued,
  crmPushConfigured,
  crmPersonsExported,
  crmResyncRequested,
  personsDeleted,
} as const;

export type EventCatalogue = typeof events;
