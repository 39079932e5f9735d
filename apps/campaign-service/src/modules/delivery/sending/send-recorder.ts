import { Injectable } from '@nestjs/common';
import { type EventDefinition, emailEvents } from '@meridian/contracts';
import { EventPublisher, Transactions } from '@meridian/server-kit';
import type { SendOutcome, SendScope } from '../../campaigns/journey/campaign-mailer.port';
import type { ActivityRow, FinalStatus, MessageRow, SendingTemplate } from './sending.repository';
import { SendingRepository } from './sending.repository';

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

  async record(
    scope: SendScope,
    template: Pick<SendingTemplate, 'id' | 'name'> | null,
    created: readonly MessageRow[],
    outcomes: readonly FinalOutcome[],
    deliveredOnAccept: boolean,
    /** The product org of each recipient in the org context. */
    orgIds: ReadonlyMap<string, string | null> = new Map(),
  ): Promise<void> {
    if (created.length === 0 && outcomes.length === 0) return;
    const occurredAt = new Date().toISOString();
    const base = (row: MessageRow) => ({
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
      org_id: orgIds.get(row.person_id) ?? null,
      message_id: row.message_id,
      occurred_at: occurredAt,
    });
    const items: { definition: EventDefinition; payload: unknown }[] = created.map((row) => ({
      definition: emailEvents.emailProcessed,
      payload: base(row),
    }));
    const finals: FinalStatus[] = [];
    const activity: ActivityRow[] = [];
    let delivered = 0;
    let dropped = 0;
    for (const outcome of outcomes) {
      const { row, status } = outcome;
      const reason = outcome.reason ?? status;
      const isDelivered = status === 'sent' && deliveredOnAccept;
      finals.push({
        id: row.id,
        status,
        reason: status === 'sent' ? null : reason,
        providerMessageId: outcome.providerMessageId ?? null,
        delivered: isDelivered,
      });
      const ids = { personId: row.person_id, messageId: row.message_id, correlationId: row.id };
      switch (status) {
        case 'sent':
          items.push({ definition: emailEvents.emailSent, payload: base(row) });
          activity.push({ ...ids, event: 'sent' });
          if (isDelivered) {
            delivered++;
            items.push({ definition: emailEvents.emailDelivered, payload: base(row) });
            activity.push({ ...ids, event: 'delivered' });
          }
          break;
        case 'not_sent':
          items.push({ definition: emailEvents.emailNotSent, payload: { ...base(row), reason } });
          break;
        case 'dropped':
        case 'outcome_unknown':
          dropped++;
          items.push({ definition: emailEvents.emailDropped, payload: { ...base(row), reason } });
          break;
      }
    }
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
      await this.repository.finish(tx, finals);
      await this.repository.addActivity(tx, activityScope, activity);
      await this.repository.addCounts(tx, scope.organisationId, scope.campaign.id, {
        processed: created.length,
        delivered,
        dropped,
      });
      await this.events.publishMany(tx, items);
    });
  }
}
