/** One campaign mail as the transports take it: rendered, tracked, with its fixed Message-ID. */
export interface OutgoingMail {
  messageId: string;
  to: string;
  from: { name?: string; email: string };
  replyTo?: string;
  subject: string;
  html: string;
  headers: Record<string, string>;
}

/**
 * What the mail server or provider said. 'tempfail' may pass on a later try (4xx, connection
 * lost before the message was handed over); 'rejected' never will (5xx); 'unknown': the
 * connection died after the message data was sent, so it may or may not have been accepted.
 */
export type SendResult =
  | { status: 'sent'; providerMessageId: string | null }
  | { status: 'tempfail' | 'rejected' | 'unknown'; reason: string };

/** Where campaign mail goes: the SMTP pool or Amazon SES. */
export interface CampaignTransport {
  /** SMTP: an accepted mail counts as delivered. SES: delivery comes later, from SNS. */
  readonly deliveredOnAccept: boolean;
  send(mail: OutgoingMail): Promise<SendResult>;
  close(): Promise<void>;
}

export const CAMPAIGN_TRANSPORT = Symbol('CAMPAIGN_TRANSPORT');
