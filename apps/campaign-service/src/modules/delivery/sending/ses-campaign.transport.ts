import { MailError, type MailPort } from '@meridian/server-kit';
import type { CampaignTransport, OutgoingMail, SendResult } from './campaign-transport';

/**
 * Campaign mail through Amazon SES (the service's mail adapter). SES accepting a mail is not a
 * delivery: that, bounces and complaints arrive later as SNS notifications, matched by the SES
 * message id this returns.
 */
export class SesCampaignTransport implements CampaignTransport {
  readonly deliveredOnAccept = false;

  constructor(private readonly port: MailPort) {}

  async send(mail: OutgoingMail): Promise<SendResult> {
    try {
      const receipt = await this.port.send({
        to: [mail.to],
        from: mail.from,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        html: mail.html,
        // In a raw message our Message-ID is kept; SES sets its own on a simple one.
        headers: mail.messageId ? { ...mail.headers, 'Message-ID': mail.messageId } : mail.headers,
      });
      return { status: 'sent', providerMessageId: receipt.messageId || null };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof MailError && !error.retryable) return { status: 'rejected', reason };
      return { status: 'tempfail', reason };
    }
  }

  async close(): Promise<void> {
    // The mail module closes its adapter.
  }
}
