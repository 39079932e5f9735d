import { z } from 'zod';
import { defineEvent } from './event';

/**
 * Email events: the campaign service publishes one per thing that happened to a campaign
 * message; the reports service (and any consumer outside the project) builds reports from
 * them alone. Every event of one message carries its message_id, which is the ordering key,
 * so a consumer sees a message's events in the order they were published.
 */
const messageFields = {
  organisation_id: z.string(),
  campaign_id: z.string(),
  campaign_name: z.string(),
  run_id: z.string(),
  /** The flow step that sent it. */
  action_id: z.string(),
  template_id: z.string().nullable(),
  template_name: z.string().nullable(),
  person_id: z.string(),
  email: z.string(),
  campaign_context: z.enum(['person', 'org']),
  /** The product org of the recipient in the org context ('User' column of the reports). */
  org_id: z.string().nullable(),
  /** The RFC 5322 Message-ID, deterministic per (run, action, person). */
  message_id: z.string(),
  /** When it happened (ISO 8601), not when it was published. */
  occurred_at: z.string(),
  /**
   * When the message was created (its 'processed', ISO 8601), the same on every event of it:
   * reports count an open or a bounce in the period the mail was sent in ('Sent in'). Absent on
   * events published before it was carried.
   */
  message_created_at: z.string().optional(),
};

const messageEvent = <S extends z.ZodRawShape>(event: string, extra: S) =>
  defineEvent({
    domain: 'campaign',
    entity: 'email',
    event,
    version: 1,
    payload: z.object({ ...messageFields, ...extra }),
    key: (p) => (p as { message_id: string }).message_id,
  });

/** Who opened or clicked: scanners and link checkers are kept apart from people. */
const engagementFields = {
  user_agent: z.string().nullable(),
  /** False for security scanners and link checkers (reports show them apart). */
  human: z.boolean(),
  /** Why a non-human was judged so, e.g. 'scanner_user_agent', 'instant_click', 'all_links'. */
  non_human_reason: z.string().nullable(),
};

export const emailEvents = {
  /** The person qualified for a send step and the message was created (reports' 'processed'). */
  emailProcessed: messageEvent('processed', {}),
  /** Accepted by the mail server or provider. */
  emailSent: messageEvent('sent', {}),
  /** Skipped before sending: unsubscribed, suppressed, no email, render failure... */
  emailNotSent: messageEvent('not_sent', { reason: z.string() }),
  /** Given up after sending failed permanently (or the outcome is unknown). */
  emailDropped: messageEvent('dropped', { reason: z.string() }),
  emailDelivered: messageEvent('delivered', {}),
  emailBounced: messageEvent('bounced', {
    bounce_type: z.enum(['hard', 'soft']),
    reason: z.string(),
  }),
  emailSpam: messageEvent('spam', {}),
  emailOpened: messageEvent('opened', engagementFields),
  emailClicked: messageEvent('clicked', { ...engagementFields, url: z.string() }),
  emailUnsubscribed: messageEvent('unsubscribed', {}),
} as const;

/** Spec 4 campaign run statuses (the campaign_runs.state check lists the same). */
export const campaignRunStates = ['scheduled', 'processing', 'finished', 'cancelled', 'skipped'] as const;
export type CampaignRunState = (typeof campaignRunStates)[number];

/** A campaign run changed state. */
export const campaignRunChanged = defineEvent({
  domain: 'campaign',
  entity: 'run',
  event: 'changed',
  version: 1,
  payload: z.object({
    organisation_id: z.string(),
    campaign_id: z.string(),
    campaign_name: z.string(),
    run_id: z.string(),
    run_time: z.string(),
    run_state: z.enum(campaignRunStates),
    /** Persons in the run's audience snapshot (0 until it is taken). */
    total_count: z.number().int().nonnegative(),
    occurred_at: z.string(),
  }),
  key: (p) => p.run_id,
});

/** A campaign was renamed or deleted: reports keep names current without reading its schema. */
export const campaignChanged = defineEvent({
  domain: 'campaign',
  entity: 'campaign',
  event: 'changed',
  version: 1,
  payload: z.object({
    organisation_id: z.string(),
    campaign_id: z.string(),
    name: z.string(),
    deleted: z.boolean(),
    occurred_at: z.string(),
  }),
  key: (p) => p.campaign_id,
});

export type EmailEventName = keyof typeof emailEvents;
