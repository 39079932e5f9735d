import { createTransport } from 'nodemailer';

/**
 * The mail port's message, as server-kit's MailPort takes it. Written out here
 * because server-kit's own tests use this library (no import cycle).
 */
interface OutgoingMail {
  to: string[];
  from: { name?: string; email: string };
  replyTo?: string;
  subject: string;
  html: string;
  text?: string;
  headers?: Record<string, string>;
}

/** A MAIL_PORT for tests: nodemailer over SMTP to a sink such as `startSmtpSink()`. */
export function smtpMailPort(url: string): {
  send(message: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
} {
  const transport = createTransport(url);
  return {
    async send(message) {
      const info = await transport.sendMail({
        to: message.to,
        from: message.from.name
          ? { name: message.from.name, address: message.from.email }
          : message.from.email,
        replyTo: message.replyTo,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: message.headers,
      });
      return { messageId: String(info.messageId) };
    },
    close: () => transport.close(),
  };
}
