import type { CampaignContext } from '@meridian/contracts';
import type { EmailStepOptions, JourneyPerson } from './journey.types';

/** The campaign and run a send belongs to (names travel in the email events). */
export interface SendScope {
  organisationId: string;
  campaign: { id: string; name: string; context: CampaignContext };
  runId: string;
  actionId: string;
}

/**
 * A recipient of a send step; `orgId` is the product org in the org context, where one person may
 * be a recipient once per org (each its own entry, message and outcome).
 */
export interface SendRecipient extends JourneyPerson {
  orgId: string | null;
}

/**
 * What happened to one person's message. 'sent': accepted by the mail server; 'not_sent':
 * skipped before sending (unsubscribed, suppressed, no address, render failure) with a reason;
 * 'dropped': sending failed for good; 'outcome_unknown': the connection died mid-send (recorded,
 * never retried, so the person cannot get it twice). The journey moves on in every case.
 */
export interface SendOutcome {
  personId: string;
  /** The recipient's org: with the person, the entry the outcome is for. */
  orgId: string | null;
  status: 'sent' | 'not_sent' | 'dropped' | 'outcome_unknown';
  reason: string | null;
}

/**
 * The delivery side of a send step, called by the journey for a batch of persons waiting on it.
 * Idempotent per (run, action, person, org): calling it again for a person whose message already has
 * an outcome returns that outcome and sends nothing. It honours the organisation's send rate (it
 * may take a while) and stops early when `signal` aborts, returning only the outcomes it has.
 */
export interface CampaignMailer {
  sendCampaignEmails(
    scope: SendScope,
    options: EmailStepOptions,
    recipients: readonly SendRecipient[],
    signal?: AbortSignal,
  ): Promise<SendOutcome[]>;
  /** 'Send internal email alert': the template rendered for the person, sent to the step's addresses. */
  sendInternalAlerts(
    scope: SendScope,
    options: EmailStepOptions,
    recipients: readonly SendRecipient[],
    signal?: AbortSignal,
  ): Promise<SendOutcome[]>;
}

export const CAMPAIGN_MAILER = Symbol('CAMPAIGN_MAILER');
