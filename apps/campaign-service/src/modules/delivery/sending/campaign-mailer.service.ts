import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type {
  CampaignMailer,
  SendOutcome,
  SendRecipient,
  SendScope,
} from '../../campaigns/journey/campaign-mailer.port';
import type { EmailStepOptions } from '../../campaigns/journey/journey.types';
import { entryKey } from '../../assets/personalisation';
import { CampaignMailPreparer, type PreparedMail } from './campaign-mail-preparer';
import {
  CAMPAIGN_TRANSPORT,
  type CampaignTransport,
  type OutgoingMail,
  type SendResult,
} from './campaign-transport';
import { campaignMessageId } from './message-builder';
import { SendRateLimiter } from './send-rate-limiter';
import { type FinalOutcome, SendRecorder } from './send-recorder';
import {
  type MessageRow,
  type MessageScope,
  SendingRepository,
  type SendingTemplate,
} from './sending.repository';

/** Waits after a temporary failure (4xx, lost connection before the data): then tries again. */
export const TEMPFAIL_BACKOFF_MS = [250, 1_000, 3_000] as const;
/** Mails claimed, sent and recorded together (the rate limiter may grant fewer). */
const CHUNK = 500;
/** Messages claimed and sent between two recordings. */
const CLAIM_SLICE = 50;

/** A message's entry: its person and, in the org context, its org. */
const keyOf = (row: MessageRow) => entryKey(row.person_id, row.org_id);

const outcomeOf = (row: MessageRow): SendOutcome => ({
  personId: row.person_id,
  orgId: row.org_id,
  // A message a dead worker left 'sending' may have gone out: never again, outcome unknown.
  status: row.status === 'sending' || row.status === 'queued' ? 'outcome_unknown' : row.status,
  reason: row.status === 'sending' ? 'interrupted while sending' : row.reason,
});

const finalOutcome = (f: FinalOutcome): SendOutcome => ({
  personId: f.row.person_id,
  orgId: f.row.org_id,
  status: f.status,
  reason: f.reason,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The engine's CampaignMailer. Per batch: one INSERT creates the messages (the idempotency key
 * per run, action, person and org; persons unsubscribed, suppressed or without an address are
 * 'not_sent' at once), the rest are rendered, claimed ('sending'), sent at the organisation's
 * rate through the pooled transport, and recorded with their events in one transaction per chunk.
 */
@Injectable()
export class CampaignMailerService implements CampaignMailer {
  constructor(
    private readonly repository: SendingRepository,
    private readonly preparer: CampaignMailPreparer,
    private readonly recorder: SendRecorder,
    private readonly limiter: SendRateLimiter,
    @Inject(CAMPAIGN_TRANSPORT) private readonly transport: CampaignTransport,
  ) {}

  async sendCampaignEmails(
    scope: SendScope,
    options: EmailStepOptions,
    recipients: readonly SendRecipient[],
    signal?: AbortSignal,
  ): Promise<SendOutcome[]> {
    const template = await this.repository.template(scope.organisationId, options.template_id);
    const messageScope: MessageScope = {
      organisationId: scope.organisationId,
      campaignId: scope.campaign.id,
      runId: scope.runId,
      actionId: scope.actionId,
      templateId: template?.id ?? null,
    };
    const sender = await this.preparer.nominalSender(scope, options, template);
    const unique = [...new Map(recipients.map((r) => [entryKey(r.id, r.orgId), r])).values()];
    const fresh = unique.map((r) => {
      const id = randomUUID();
      return {
        id,
        personId: r.id,
        orgId: r.orgId,
        email: r.email,
        messageId: campaignMessageId(id, sender.email),
      };
    });
    const created = await this.recorder.createMessages(scope, template, (tx) =>
      this.repository.create(tx, messageScope, fresh),
    );
    const createdKeys = new Set(created.map(keyOf));
    const earlier = await this.repository.existing(
      messageScope,
      unique
        .filter((r) => !createdKeys.has(entryKey(r.id, r.orgId)))
        .map((r) => ({ personId: r.id, orgId: r.orgId })),
    );
    const earlierKeys = new Set(earlier.map(keyOf));

    const outcomes = new Map<string, SendOutcome>();
    const finals: FinalOutcome[] = [];
    // Skipped at once: their not-sent events were published with the messages.
    for (const row of created)
      if (row.status === 'not_sent') outcomes.set(keyOf(row), { ...outcomeOf(row), status: 'not_sent' });
    // A person back at this step whose message is still 'sending': the batch that claimed it
    // never committed (its worker died, or its transaction was cut). The mail may have gone, so it
    // is never sent again, and it is recorded now, or nobody ever would. Should its sender still
    // be alive, the first recorded outcome wins and its own is dropped with no second event.
    const interrupted = earlier.filter((row) => row.status === 'sending');
    for (const row of interrupted)
      finals.push({ row, status: 'outcome_unknown', reason: 'interrupted while sending' });
    for (const row of earlier) if (row.status !== 'queued') outcomes.set(keyOf(row), outcomeOf(row));

    const queued = [...created, ...earlier].filter((row) => row.status === 'queued');
    if (queued.length > 0 && !template) {
      for (const row of queued)
        finals.push({
          row,
          status: 'not_sent',
          reason: 'render failed: the email template no longer exists',
        });
      queued.length = 0;
    }
    if (template) await this.sendQueued(scope, options, template, queued, finals, outcomes, signal);
    else await this.record(scope, template, finals, outcomes);
    return unique.flatMap((r) => {
      const key = entryKey(r.id, r.orgId);
      const outcome = outcomes.get(key);
      if (outcome) return [outcome];
      // A person of another organisation, or deleted: nothing to send, nothing recorded.
      if (!createdKeys.has(key) && !earlierKeys.has(key))
        return [
          {
            personId: r.id,
            orgId: r.orgId,
            status: 'not_sent' as const,
            reason: 'the contact no longer exists',
          },
        ];
      return [];
    });
  }

  async sendInternalAlerts(
    scope: SendScope,
    options: EmailStepOptions,
    recipients: readonly SendRecipient[],
    signal?: AbortSignal,
  ): Promise<SendOutcome[]> {
    const template = await this.repository.template(scope.organisationId, options.template_id);
    if (!template)
      return recipients.map((r) => ({
        personId: r.id,
        orgId: r.orgId,
        status: 'not_sent',
        reason: 'render failed: the email template no longer exists',
      }));
    const prepared = await this.preparer.prepareAlerts(scope, options, template, recipients);
    const outcomes: SendOutcome[] = [];
    for (const alert of prepared) {
      if (signal?.aborted) break;
      if (!alert.mails) {
        outcomes.push({
          personId: alert.personId,
          orgId: alert.orgId,
          status: 'not_sent',
          reason: alert.reason,
        });
        continue;
      }
      const granted = await this.limiter.acquire(scope.organisationId, alert.mails.length, signal);
      if (granted === 0) break;
      const results = await Promise.all(alert.mails.map((mail) => this.attempt(mail)));
      const failed = results.find((r) => r.status !== 'sent');
      outcomes.push(
        failed
          ? {
              personId: alert.personId,
              orgId: alert.orgId,
              status: failed.status === 'unknown' ? 'outcome_unknown' : 'dropped',
              reason: failed.reason,
            }
          : { personId: alert.personId, orgId: alert.orgId, status: 'sent', reason: null },
      );
    }
    return outcomes;
  }

  /**
   * Renders, sends and records the queued messages, a chunk at a time. A chunk renders in full
   * before any of it is granted: mails go out only as the rate limiter grants them.
   */
  private async sendQueued(
    scope: SendScope,
    options: EmailStepOptions,
    template: SendingTemplate,
    queued: readonly MessageRow[],
    finals: FinalOutcome[],
    outcomes: Map<string, SendOutcome>,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    let pending = finals;
    // The last slice's recording runs while the next slice is claimed and sent, so the SMTP
    // connections and the database work at the same time. One recording at a time, in order.
    let recording: Promise<void> = Promise.resolve();
    try {
      const failed = (outcome: FinalOutcome) => pending.push(outcome);
      await this.sendChunks(scope, options, template, queued, signal, failed, async (results) => {
        // The slice before commits first; its failure stops the sending here.
        await recording;
        pending.push(...results);
        recording = this.record(scope, template, pending, outcomes);
        // Awaited by the next slice or below: never an unhandled rejection meanwhile.
        recording.catch(() => undefined);
        pending = [];
      });
    } catch (error) {
      await recording.catch(() => undefined);
      throw error;
    }
    await recording;
    await this.record(scope, template, pending, outcomes);
  }

  /**
   * Renders and sends the queued messages a chunk at a time; each sent slice goes to `sent`. A
   * chunk renders in full before any of it is granted: mails go out only as the rate limiter grants them.
   */
  private async sendChunks(
    scope: SendScope,
    options: EmailStepOptions,
    template: SendingTemplate,
    queued: readonly MessageRow[],
    signal: AbortSignal | undefined,
    failed: (outcome: FinalOutcome) => void,
    sent: (results: FinalOutcome[]) => Promise<void>,
  ): Promise<void> {
    sending: for (let start = 0; start < queued.length && !signal?.aborted; start += CHUNK) {
      const chunk = queued.slice(start, start + CHUNK);
      const prepared = await this.preparer.prepare(scope, options, template, chunk);
      for (const { row, reason } of prepared.failed) failed({ row, status: 'not_sent', reason });
      for (let r = 0; r < prepared.ready.length;) {
        if (signal?.aborted) break sending;
        const granted = await this.limiter.acquire(
          scope.organisationId,
          Math.min(CHUNK, prepared.ready.length - r),
          signal,
        );
        if (granted === 0) break sending;
        const allowed = prepared.ready.slice(r, r + granted);
        r += allowed.length;
        // Claimed ('sending') in small slices, each recorded while the next is sent: a worker that
        // dies mid-send leaves at most two slices whose outcome is unknown, not the chunk.
        for (let j = 0; j < allowed.length; j += CLAIM_SLICE) {
          const slice = allowed.slice(j, j + CLAIM_SLICE);
          const claimed = await this.repository.claim(
            slice.map((p) => ({ id: p.row.id, subject: p.mail.subject, links: p.links })),
          );
          // A row this call found queued but could not claim was claimed meanwhile by an attempt
          // whose batch lost its transaction (and with it these persons) while it went on
          // sending. It may be mailing it now, or have died: either way its outcome is unknown
          // here, and recorded so (the first recorded outcome wins), or nobody ever would.
          for (const p of slice)
            if (!claimed.has(p.row.id))
              failed({ row: p.row, status: 'outcome_unknown', reason: 'interrupted while sending' });
          const results = await Promise.all(
            slice.filter((p) => claimed.has(p.row.id)).map((p) => this.deliver(p)),
          );
          await sent(results);
        }
      }
    }
  }

  /** Commits outcomes with their events, then answers them to the caller. */
  private async record(
    scope: SendScope,
    template: SendingTemplate | null,
    finals: readonly FinalOutcome[],
    outcomes: Map<string, SendOutcome>,
  ): Promise<void> {
    await this.recorder.record(scope, template, finals, this.transport.deliveredOnAccept);
    for (const f of finals) outcomes.set(keyOf(f.row), finalOutcome(f));
  }

  private async deliver(prepared: PreparedMail): Promise<FinalOutcome> {
    const result = await this.attempt(prepared.mail);
    const { row } = prepared;
    switch (result.status) {
      case 'sent':
        return { row, status: 'sent', reason: null, providerMessageId: result.providerMessageId };
      case 'unknown':
        return { row, status: 'outcome_unknown', reason: `outcome unknown: ${result.reason}` };
      case 'rejected':
        return { row, status: 'dropped', reason: `rejected: ${result.reason}` };
      case 'tempfail':
        return { row, status: 'dropped', reason: `temporary failure, gave up: ${result.reason}` };
    }
  }

  /** One mail, with retries after temporary failures only. */
  private async attempt(mail: OutgoingMail): Promise<SendResult> {
    let result = await this.transport.send(mail);
    for (const wait of TEMPFAIL_BACKOFF_MS) {
      if (result.status !== 'tempfail') return result;
      await sleep(wait);
      result = await this.transport.send(mail);
    }
    return result;
  }
}
