import { Injectable } from '@nestjs/common';
import { type EventDefinition, emailEvents } from '@meridian/contracts';
import { EventPublisher, type Transaction, Transactions } from '@meridian/server-kit';
import type { SendOutcome, SendScope } from '../../campaigns/journey/campaign-mailer.port';
import type { ActivityRow, FinalStatus, MessageRow, SendingTemplate } from './sending.repository';
import { SendingRepository } from './sending.repository';

type EventItem = { definition: EventDefinition; payload: unknown };

export interface FinalOutcome {
  row: MessageRow;
  status: SendOutcome['status'];
  reason: string | null;
  providerMessageId?: string | null;
}

/**
 * Commits a batch's outcomes in one transaction: message statuses, the contacts' marketing
 * activity, the campaign list counts and the email events (outbox), so reports never see an
 * event for a status that did not commit, nor miss one that did.
 */
@Injectable()
export class SendRecorder {
  constructor(
    private readonly repository: SendingRepository,
    private readonly transactions: Transactions,
    private readonly events: EventPublisher,
  ) {}

  /**
   * Creates a batch's messages and publishes their processed events (and the not-sent events of
   * those skipped at once) in one transaction: a worker that dies after the insert cannot leave
   * messages whose processed event is never published.
   */
  async createMessages(
    scope: SendScope,
    template: Pick<SendingTemplate, 'id' | 'name'> | null,
    create: (tx: Transaction) => Promise<MessageRow[]>,
  ): Promise<MessageRow[]> {
    return this.transactions.run(async (tx) => {
      const created = await create(tx);
      if (created.length === 0) return created;
      const base = this.payloads(scope, template);
      const items: EventItem[] = created.map((row) => ({
        definition: emailEvents.emailProcessed,
        payload: base(row),
      }));
      for (const row of created)
        if (row.status === 'not_sent')
          items.push({
            definition: emailEvents.emailNotSent,
            payload: { ...base(row), reason: row.reason ?? 'not_sent' },
          });
      await this.repository.addCounts(tx, scope.organisationId, scope.campaign.id, {
        processed: created.length,
        delivered: 0,
        dropped: 0,
        notSent: created.filter((row) => row.status === 'not_sent').length,
      });
      await this.events.publishMany(tx, items);
      return created;
    });
  }

  /** The final outcomes of a chunk; a message that already had one keeps it, with no new events. */
  async record(
    scope: SendScope,
    template: Pick<SendingTemplate, 'id' | 'name'> | null,
    outcomes: readonly FinalOutcome[],
    deliveredOnAccept: boolean,
  ): Promise<void> {
    if (outcomes.length === 0) return;
    const base = this.payloads(scope, template);
    const finals: FinalStatus[] = outcomes.map(({ row, status, reason, providerMessageId }) => ({
      id: row.id,
      status,
      reason: status === 'sent' ? null : (reason ?? status),
      providerMessageId: providerMessageId ?? null,
      delivered: status === 'sent' && deliveredOnAccept,
    }));
    const activityScope = {
      organisationId: scope.organisationId,
      campaignId: scope.campaign.id,
      runId: scope.runId,
      actionId: scope.actionId,
      templateId: template?.id ?? null,
      campaignName: scope.campaign.name,
      templateName: template?.name ?? null,
      context: scope.campaign.context,
    };
    await this.transactions.run(async (tx) => {
      const changed = await this.repository.finish(tx, finals);
      const items: EventItem[] = [];
      const activity: ActivityRow[] = [];
      let delivered = 0;
      let dropped = 0;
      let notSent = 0;
      for (const outcome of outcomes) {
        const { row, status } = outcome;
        if (!changed.has(row.id)) continue;
        const reason = outcome.reason ?? status;
        const ids = { personId: row.person_id, messageId: row.message_id, correlationId: row.id };
        switch (status) {
          case 'sent':
            items.push({ definition: emailEvents.emailSent, payload: base(row) });
            activity.push({ ...ids, event: 'sent' });
            if (deliveredOnAccept) {
              delivered++;
              items.push({ definition: emailEvents.emailDelivered, payload: base(row) });
              activity.push({ ...ids, event: 'delivered' });
            }
            break;
          case 'not_sent':
            notSent++;
            items.push({ definition: emailEvents.emailNotSent, payload: { ...base(row), reason } });
            break;
          case 'dropped':
          case 'outcome_unknown':
            dropped++;
            items.push({ definition: emailEvents.emailDropped, payload: { ...base(row), reason } });
            break;
        }
      }
      await this.repository.addActivity(tx, activityScope, activity);
      await this.repository.addCounts(tx, scope.organisationId, scope.campaign.id, {
        processed: 0,
        delivered,
        dropped,
        notSent,
      });
      await this.events.publishMany(tx, items);
    });
  }

  private payloads(scope: SendScope, template: Pick<SendingTemplate, 'id' | 'name'> | null) {
    const occurredAt = new Date().toISOString();
    return (row: MessageRow) => ({
      organisation_id: scope.organisationId,
      campaign_id: scope.campaign.id,
      campaign_name: scope.campaign.name,
      run_id: scope.runId,
      action_id: scope.actionId,
      template_id: template?.id ?? null,
      template_name: template?.name ?? null,
      person_id: row.person_id,
      email: row.email,
      campaign_context: scope.campaign.context,
      // The message's own org: a person of two orgs has a message (and events) for each.
      org_id: row.org_id,
      message_id: row.message_id,
      occurred_at: occurredAt,
      message_created_at: new Date(row.created_at).toISOString(),
    });
  }
}
