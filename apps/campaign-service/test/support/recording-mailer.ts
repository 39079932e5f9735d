import type { DynamicModule } from '@nestjs/common';
import {
  CAMPAIGN_MAILER,
  type CampaignMailer,
  type SendOutcome,
  type SendRecipient,
  type SendScope,
} from '../../src/modules/campaigns/journey/campaign-mailer.port';
import type { EmailStepOptions } from '../../src/modules/campaigns/journey/journey.types';

export interface MailerCall {
  kind: 'email' | 'alert';
  scope: SendScope;
  options: EmailStepOptions;
  personIds: string[];
}

/**
 * A CampaignMailer that records each call and answers as the port promises: idempotent per (run,
 * action, person, org), 'not_sent' for unsubscribed persons. Engine tests bind it until the delivery
 * module's mailer is wired in; tests read its calls, never its internals.
 */
export class RecordingMailer implements CampaignMailer {
  readonly calls: MailerCall[] = [];
  private readonly outcomes = new Map<string, SendOutcome>();

  /** `failFirstCall`: the first call records its sends, then throws, as a worker dying mid-batch would. */
  constructor(private readonly options: { failFirstCall?: boolean } = {}) {}

  sendCampaignEmails(scope: SendScope, options: EmailStepOptions, recipients: readonly SendRecipient[]) {
    return Promise.resolve(this.record('email', scope, options, recipients));
  }

  sendInternalAlerts(scope: SendScope, options: EmailStepOptions, recipients: readonly SendRecipient[]) {
    return Promise.resolve(this.record('alert', scope, options, recipients));
  }

  /** Person ids of every call of one step, in call order (a person twice means a repeated send). */
  personsOf(actionId: string, runId?: string): string[] {
    return this.calls
      .filter((c) => c.scope.actionId === actionId && (!runId || c.scope.runId === runId))
      .flatMap((c) => c.personIds);
  }

  private record(
    kind: MailerCall['kind'],
    scope: SendScope,
    options: EmailStepOptions,
    recipients: readonly SendRecipient[],
  ): SendOutcome[] {
    this.calls.push({ kind, scope, options, personIds: recipients.map((r) => r.id) });
    const outcomes = recipients.map((r) => {
      const key = `${scope.runId}|${scope.actionId}|${r.id}|${r.orgId ?? ''}`;
      const known = this.outcomes.get(key);
      if (known) return known;
      const outcome: SendOutcome =
        kind === 'email' && r.unsubscribed
          ? { personId: r.id, orgId: r.orgId, status: 'not_sent', reason: 'unsubscribed' }
          : { personId: r.id, orgId: r.orgId, status: 'sent', reason: null };
      this.outcomes.set(key, outcome);
      return outcome;
    });
    if (this.options.failFirstCall && this.calls.length === 1) throw new Error('The worker died mid-batch');
    return outcomes;
  }

  /** How many distinct messages went out for a step: a repeated send would not add one. */
  sentCount(actionId: string): number {
    return [...this.outcomes.keys()].filter((key) => key.split('|')[1] === actionId).length;
  }
}

/** A global module binding `mailer` as the CAMPAIGN_MAILER of the app under test. */
export function recordingMailerModule(mailer: CampaignMailer): DynamicModule {
  return {
    module: class RecordingMailerModule {},
    global: true,
    providers: [{ provide: CAMPAIGN_MAILER, useValue: mailer }],
    exports: [CAMPAIGN_MAILER],
  };
}
