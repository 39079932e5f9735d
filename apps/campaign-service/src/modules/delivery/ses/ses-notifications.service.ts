import { messageFields } from '../event-message';
import { Inject, Injectable } from '@nestjs/common';
import {
  type EventDefinition,
  emailEvents,
  type SesEvent,
  sesEventSchema,
  sesNotificationMessages,
  type SnsMessage,
} from '@meridian/contracts';
import { CONFIG, DomainError, EventPublisher, LOGGER, Transactions } from '@meridian/server-kit';
import type { Logger } from 'pino';
import type { CampaignConfig } from '../../../config';
import { type MarkedMessage, SesNotificationsRepository } from './ses-notifications.repository';
import { SnsClient } from './sns-client';
import { snsSignatureValid, snsUrlAllowed } from './sns-signature';

const refused = (description: string) =>
  new DomainError('InvalidSignatureException', { description, status: 403 });

/**
 * SES notifications over SNS: the message's signature is checked against Amazon's certificate
 * (fetched from an SNS host only), a subscription is confirmed, and a delivery, bounce or
 * complaint marks the message, suppresses the address when it is final, and publishes the
 * email event, all in one transaction.
 */
@Injectable()
export class SesNotificationsService {
  constructor(
    private readonly sns: SnsClient,
    private readonly repository: SesNotificationsRepository,
    private readonly transactions: Transactions,
    private readonly events: EventPublisher,
    @Inject(CONFIG) private readonly config: CampaignConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async receive(message: SnsMessage): Promise<void> {
    const suffix = this.config.SNS_CERT_HOST_SUFFIX;
    if (!snsUrlAllowed(message.SigningCertURL, suffix)) throw refused(sesNotificationMessages.certificateUrl);
    let certificate: string;
    try {
      certificate = await this.sns.certificate(message.SigningCertURL);
    } catch (error) {
      this.logger.warn({ err: error, url: message.SigningCertURL }, 'SNS certificate fetch failed');
      throw refused(sesNotificationMessages.invalidSignature);
    }
    if (!snsSignatureValid(message, certificate)) throw refused(sesNotificationMessages.invalidSignature);

    switch (message.Type) {
      case 'SubscriptionConfirmation':
        await this.confirm(message.SubscribeURL, suffix);
        return;
      case 'UnsubscribeConfirmation':
        return;
      case 'Notification':
        await this.apply(message.Message);
        return;
    }
  }

  private async confirm(url: string | undefined, suffix: string): Promise<void> {
    if (!url || !snsUrlAllowed(url, suffix)) throw refused(sesNotificationMessages.certificateUrl);
    const status = await this.sns.confirm(url);
    this.logger.info({ status }, 'SNS subscription confirmed');
  }

  private async apply(body: string): Promise<void> {
    let event: SesEvent;
    try {
      event = sesEventSchema.parse(JSON.parse(body));
    } catch {
      // Not an SES event (a test message from the console): nothing to do.
      return;
    }
    const type = event.notificationType ?? event.eventType;
    const ourId = event.mail.headers?.find((h) => h.name.toLowerCase() === 'message-id')?.value ?? null;
    await this.transactions.run(async (tx) => {
      const occurred = new Date();
      const items: { definition: EventDefinition; payload: unknown }[] = [];
      const payload = (m: MarkedMessage) => messageFields(m, occurred);
      if (type === 'Delivery') {
        const marked = await this.repository.mark(tx, 'delivered', event.mail.messageId, ourId);
        for (const m of marked) items.push({ definition: emailEvents.emailDelivered, payload: payload(m) });
      } else if (type === 'Bounce' && event.bounce) {
        const hard = event.bounce.bounceType === 'Permanent';
        const recipients = event.bounce.bouncedRecipients;
        const reason =
          recipients.find((r) => r.diagnosticCode)?.diagnosticCode ??
          [event.bounce.bounceType, event.bounce.bounceSubType].filter(Boolean).join(': ');
        const marked = await this.repository.mark(tx, 'bounced', event.mail.messageId, ourId);
        for (const m of marked) {
          items.push({
            definition: emailEvents.emailBounced,
            payload: { ...payload(m), bounce_type: hard ? 'hard' : 'soft', reason: reason.slice(0, 500) },
          });
          if (hard)
            await this.repository.suppress(
              tx,
              m.organisation_id,
              recipients.map((r) => r.emailAddress),
              'bounce',
              reason.slice(0, 500),
            );
        }
      } else if (type === 'Complaint' && event.complaint) {
        const marked = await this.repository.mark(tx, 'complained', event.mail.messageId, ourId);
        for (const m of marked) {
          items.push({ definition: emailEvents.emailSpam, payload: payload(m) });
          await this.repository.suppress(
            tx,
            m.organisation_id,
            event.complaint.complainedRecipients.map((r) => r.emailAddress),
            'complaint',
            event.complaint.complaintFeedbackType ?? null,
          );
        }
      }
      await this.events.publishMany(tx, items);
    });
  }
}
