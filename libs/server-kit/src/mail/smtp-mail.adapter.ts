import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { MailConfig } from './mail.config';
import { MailError } from './mail.errors';
import type { MailMessage, MailPort, MailReceipt } from './mail.port';

export type SmtpMailConfig = Pick<MailConfig, 'SMTP_URL' | 'SMTP_USER' | 'SMTP_PASSWORD'>;

/** Sends over SMTP with a small pool of kept-open connections (batches send many mails). */
export class SmtpMailAdapter implements MailPort {
  private readonly transport: Transporter;

  constructor(config: SmtpMailConfig, logger: Logger) {
    const url = new URL(config.SMTP_URL);
    const secure = url.protocol === 'smtps:';
    const user = config.SMTP_USER ?? (url.username ? decodeURIComponent(url.username) : undefined);
    const pass = config.SMTP_PASSWORD ?? (url.password ? decodeURIComponent(url.password) : undefined);
    const port = Number(url.port || (secure ? 465 : 25));
    this.transport = nodemailer.createTransport({
      pool: true,
      maxConnections: 5,
      host: url.hostname,
      port,
      secure,
      ...(user && pass ? { auth: { user, pass } } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    });
    // Where mail goes, never with what credentials.
    logger.info(
      { mail_transport: 'smtp', host: url.hostname, port, secure, auth: Boolean(user && pass) },
      'mail transport ready',
    );
  }

  async send(message: MailMessage): Promise<MailReceipt> {
    try {
      const info = (await this.transport.sendMail({
        from: { name: message.from.name ?? '', address: message.from.email },
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: message.headers,
      })) as { messageId: string };
      return { messageId: info.messageId };
    } catch (error) {
      throw smtpError(error);
    }
  }

  close(): void {
    this.transport.close();
  }
}

/** A 5xx answer is the server's final word on this mail; anything else may pass later. */
function smtpError(error: unknown): MailError {
  const { responseCode, message } = error as { responseCode?: number; message?: string };
  const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
  return new MailError(`SMTP send failed: ${message ?? String(error)}`, !permanent, { cause: error });
}
