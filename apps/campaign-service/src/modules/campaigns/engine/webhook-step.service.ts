import { Injectable } from '@nestjs/common';
import type { CampaignContext } from '@meridian/contracts';
import { JobQueue, Transactions } from '@meridian/server-kit';
import { entryKey } from '../../assets/personalisation';
import { wakeDueJob } from './engine.jobs';
import { JourneyRepository, type Move, type Settled, type StepWebhook } from './journey.repository';
import { WEBHOOK_ATTEMPTS, WebhookCallerService, webhookBackoffMs } from './webhook-caller.service';

/** A call's lease beyond its own timeout: a worker that died mid-call frees its persons after it. */
const LEASE_MARGIN_MS = 30_000;

export const webhookFailures = {
  spent: 'Webhook call failed: no outcome was recorded for its last attempt',
} as const;

/** Persons of a batch parked at a webhook step, to be called once the batch has committed. */
export interface PendingWebhookCall {
  runId: string;
  organisationId: string;
  campaignContext: CampaignContext;
  webhook: StepWebhook;
  actionId: string;
  next: string | null;
  persons: { id: string; email: string; orgId: string | null; attempt: number }[];
}

export interface WebhookPerson {
  id: string;
  email: string;
  orgId: string | null;
  /** Attempts made before this one. */
  attempts: number;
}

/**
 * A webhook step without holding a transaction over the network. In the batch, persons are
 * parked (waiting until the call's lease ends, the attempt counted); after the commit the calls
 * are made; their outcomes are written set-based in a short transaction of their own. A failure
 * that may pass parks the person again until the backoff is over, as a delay does, and a job
 * wakes them then; a worker that dies mid-call leaves them parked until the lease ends, when the
 * minute's sweep wakes them for another attempt.
 */
@Injectable()
export class WebhookStepService {
  constructor(
    private readonly transactions: Transactions,
    private readonly journey: JourneyRepository,
    private readonly caller: WebhookCallerService,
    private readonly jobs: JobQueue,
  ) {}

  /** Inside the batch: the moves that park the persons, and the calls to make after the commit. */
  park(
    call: Omit<PendingWebhookCall, 'persons'>,
    persons: readonly WebhookPerson[],
    now = new Date(),
  ): { moves: Move[]; pending: PendingWebhookCall | null } {
    const lease = new Date(now.getTime() + call.webhook.timeout * 1000 + LEASE_MARGIN_MS);
    const moves: Move[] = [];
    const calling: PendingWebhookCall['persons'] = [];
    for (const p of persons) {
      if (p.attempts >= WEBHOOK_ATTEMPTS) {
        // Its last call's worker died before recording it: no attempt is left.
        moves.push({
          personId: p.id,
          orgId: p.orgId,
          state: 'failed',
          actionId: call.actionId,
          wakeAt: null,
          outcome: webhookFailures.spent,
        });
        continue;
      }
      moves.push({
        personId: p.id,
        orgId: p.orgId,
        state: 'waiting',
        actionId: call.actionId,
        wakeAt: lease,
        outcome: null,
        calling: true,
      });
      calling.push({ id: p.id, email: p.email, orgId: p.orgId, attempt: p.attempts + 1 });
    }
    return { moves, pending: calling.length > 0 ? { ...call, persons: calling } : null };
  }

  /**
   * After the batch committed: the calls, then their outcomes in one short transaction. With
   * `stopAt` (the lane's turn end) the calls stop at the turn's end, after at least one round of
   * the first step's calls: the persons not called go back to active at their step with the attempt
   * uncounted, for a later turn, so a slow endpoint does not keep other runs from the job slot.
   */
  async perform(calls: readonly PendingWebhookCall[], stopAt?: number): Promise<void> {
    for (const [index, call] of calls.entries()) {
      const results =
        index > 0 && stopAt !== undefined && Date.now() >= stopAt
          ? []
          : await this.caller.callMany(
              call.webhook,
              {
                organisationId: call.organisationId,
                campaignContext: call.campaignContext,
                persons: call.persons,
              },
              stopAt,
            );
      const attempts = new Map(call.persons.map((p) => [entryKey(p.id, p.orgId), p.attempt]));
      const answered = new Set(results.map((r) => entryKey(r.personId, r.orgId)));
      const released: Settled[] = call.persons
        .filter((p) => !answered.has(entryKey(p.id, p.orgId)))
        .map((p) => ({
          move: {
            personId: p.id,
            orgId: p.orgId,
            state: 'active',
            actionId: call.actionId,
            wakeAt: null,
            outcome: null,
          },
          fromActionId: call.actionId,
          attempt: p.attempt,
          released: true,
        }));
      const now = Date.now();
      const called: Settled[] = results.map((r) => {
        const attempt = attempts.get(entryKey(r.personId, r.orgId))!;
        const base = { personId: r.personId, orgId: r.orgId, wakeAt: null, outcome: null };
        let move: Move;
        if (r.error === null)
          move = call.next
            ? { ...base, state: 'active', actionId: call.next }
            : { ...base, state: 'completed', actionId: null };
        else if (r.retry && attempt < WEBHOOK_ATTEMPTS)
          move = {
            ...base,
            state: 'waiting',
            actionId: call.actionId,
            wakeAt: new Date(now + webhookBackoffMs(attempt)),
          };
        else move = { ...base, state: 'failed', actionId: call.actionId, outcome: r.error };
        return { move, fromActionId: call.actionId, attempt };
      });
      const settled = [...called, ...released];
      const retryAt = settled
        .map((s) => (s.move.state === 'waiting' ? s.move.wakeAt!.getTime() : Infinity))
        .reduce((a, b) => Math.min(a, b), Infinity);
      await this.transactions.run(async (tx) => {
        await this.journey.settle(tx, call.runId, settled);
        // Backoffs are shorter than the minute's sweep: a job wakes the retries when they are due.
        if (retryAt !== Infinity) await this.jobs.enqueue(tx, wakeDueJob, {}, { runAt: new Date(retryAt) });
      });
    }
  }
}
