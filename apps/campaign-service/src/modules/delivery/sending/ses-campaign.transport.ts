import { MailError, type MailPort } from '@meridian/server-kit';
import type { CampaignTransport, OutgoingMail, SendResult } from './campaign-transport';

/**
 * Campaign mail through Amazon SES (the service's mail adapter). SES accepting a mail is not a
 * delivery: that, bounces and complaints arrive later as SNS notifications, matched by the SES
 * message id this returns.
 */
export class SesCampaignTransport implements CampaignTransport {
  readonly deliveredOnAccept = false;

  /** `raw`: our MIME message (and Message-ID) goes as is; `simple`: SES builds it and names it. */
  constructor(
    private readonly port: MailPort,
    private readonly format: 'simple' | 'raw',
  ) {}

  async send(mail: OutgoingMail): Promise<SendResult> {
    try {
      const receipt = await this.port.send({
        to: [mail.to],
        from: mail.from,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        html: mail.html,
        // SES sets the Message-ID of a simple message itself; notifications then match by its id.
        headers:
          this.format === 'raw' && mail.messageId
            ? { ...mail.headers, 'Message-ID': mail.messageId }
            : mail.headers,
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
