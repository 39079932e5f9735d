import { type EmailContent, SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Logger } from 'pino';
import type { MailConfig } from './mail.config';
import { MailError } from './mail.errors';
import type { MailMessage, MailPort, MailReceipt } from './mail.port';

export type SesMailConfig = Pick<
  MailConfig,
  | 'SES_REGION'
  | 'SES_ENDPOINT'
  | 'SES_ACCESS_KEY_ID'
  | 'SES_SECRET_ACCESS_KEY'
  | 'SES_CONFIGURATION_SET'
  | 'SES_MESSAGE_FORMAT'
>;

/** SES answers that mean "this mail will never be accepted as it is". */
const PERMANENT = new Set([
  'MessageRejected',
  'MailFromDomainNotVerifiedException',
  'BadRequestException',
  'NotFoundException',
  'AccountSuspendedException',
]);

/** Sends through Amazon SES (API v2), as a simple message SES composes or as our own raw MIME. */
export class SesMailAdapter implements MailPort {
  private readonly client: SESv2Client;

  constructor(
    private readonly config: SesMailConfig,
    logger: Logger,
  ) {
    const staticKeys = config.SES_ACCESS_KEY_ID && config.SES_SECRET_ACCESS_KEY;
    this.client = new SESv2Client({
      region: config.SES_REGION,
      ...(config.SES_ENDPOINT ? { endpoint: config.SES_ENDPOINT } : {}),
      ...(staticKeys
        ? {
            credentials: {
              accessKeyId: config.SES_ACCESS_KEY_ID!,
              secretAccessKey: config.SES_SECRET_ACCESS_KEY!,
            },
          }
        : {}),
    });
    logger.info(
      {
        mail_transport: 'ses',
        region: config.SES_REGION,
        endpoint: config.SES_ENDPOINT,
        credentials: staticKeys ? 'static' : 'default chain',
        format: config.SES_MESSAGE_FORMAT,
      },
      'mail transport ready',
    );
  }

  async send(message: MailMessage): Promise<MailReceipt> {
    const content =
      this.config.SES_MESSAGE_FORMAT === 'raw' ? await rawContent(message) : simpleContent(message);
    try {
      const result = await this.client.send(
        new SendEmailCommand({
          FromEmailAddress: formatAddress(message.from),
          Destination: { ToAddresses: message.to },
          ...(message.replyTo ? { ReplyToAddresses: [message.replyTo] } : {}),
          ...(this.config.SES_CONFIGURATION_SET
            ? { ConfigurationSetName: this.config.SES_CONFIGURATION_SET }
            : {}),
          Content: content,
        }),
      );
      return { messageId: result.MessageId ?? '' };
    } catch (error) {
      throw sesError(error);
    }
  }

  close(): void {
    this.client.destroy();
  }
}

function simpleContent(message: MailMessage): EmailContent {
  const charset = 'UTF-8';
  return {
    Simple: {
      Subject: { Data: message.subject, Charset: charset },
      Body: {
        Html: { Data: message.html, Charset: charset },
        ...(message.text ? { Text: { Data: message.text, Charset: charset } } : {}),
      },
      ...(message.headers
        ? { Headers: Object.entries(message.headers).map(([Name, Value]) => ({ Name, Value })) }
        : {}),
    },
  };
}

async function rawContent(message: MailMessage): Promise<EmailContent> {
  const composer = new MailComposer({
    from: { name: message.from.name ?? '', address: message.from.email },
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    html: message.html,
    text: message.text,
    headers: message.headers,
  });
  const data = await composer.compile().build();
  return { Raw: { Data: new Uint8Array(data) } };
}

/** `Name <email>`, the display name quoted, or MIME-encoded when it is not ASCII (SES requires that). */
export function formatAddress(address: MailMessage['from']): string {
  const name = address.name?.trim();
  if (!name) return address.email;
  const display = /^[\x20-\x7e]*$/.test(name)
    ? `"${name.replace(/["\\]/g, '\\$&')}"`
    : `=?UTF-8?B?${Buffer.from(name, 'utf8').toString('base64')}?=`;
  return `${display} <${address.email}>`;
}

function sesError(error: unknown): MailError {
  const { name, message, $fault, $retryable } = error as {
    name?: string;
    message?: string;
    $fault?: string;
    $retryable?: unknown;
  };
  const permanent = name !== undefined && PERMANENT.has(name) && $fault !== 'server' && !$retryable;
  return new MailError(`SES send failed: ${name ?? 'Error'}: ${message ?? String(error)}`, !permanent, {
    cause: error,
  });
}
