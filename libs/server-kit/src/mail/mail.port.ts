/** One outgoing mail, whatever carries it (SMTP, Amazon SES, the local capture). */
export interface MailMessage {
  to: string[];
  from: { name?: string; email: string };
  replyTo?: string;
  subject: string;
  html: string;
  text?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface MailReceipt {
  messageId: string;
}

/** The mail port: services send through it and never know the adapter. */
export interface MailPort {
  send(message: MailMessage): Promise<MailReceipt>;
}

export const MAIL_PORT = Symbol('MAIL_PORT');
