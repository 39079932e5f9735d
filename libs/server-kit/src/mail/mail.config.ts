import { z } from 'zod';
import { ConfigError } from '../config/config';
import type { MailMessage } from './mail.port';

export type MailAddress = MailMessage['from'];

const ADDRESS = /^\s*(?:"?([^"<>]*?)"?\s*<([^<>\s]+)>|([^<>\s]+))\s*$/;

/** Reads `Name <email>` or a bare `email`; null when it is neither. */
export function parseMailAddress(value: string): MailAddress | null {
  const match = ADDRESS.exec(value);
  if (!match) return null;
  const email = match[2] ?? match[3]!;
  if (!z.email().safeParse(email).success) return null;
  const name = match[1]?.trim();
  return name ? { name, email } : { email };
}

/**
 * The mail settings. A fragment: each service that sends mail extends its config
 * with it (`baseConfigSchema.extend(mailConfigSchema.shape)`).
 */
export const mailConfigSchema = z.object({
  MAIL_TRANSPORT: z.enum(['smtp', 'ses']).default('smtp'),
  /** smtp://host:port, or smtps:// for TLS from the first byte. The default is the local capture. */
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' })
    .default('smtp://127.0.0.1:1025'),
  /** Credentials kept apart from the URL (they may also be in it as user:password@). */
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  /** The platform's own sender (password resets, invites): `Name <email>` or `email`, read as `{ name?, email }`. */
  MAIL_FROM: z
    .string()
    .default('Meridian <no-reply@meridian.local>')
    .transform((value, ctx): MailAddress => {
      const address = parseMailAddress(value);
      if (address) return address;
      ctx.addIssue({ code: 'custom', message: 'must be "Name <email>" or an email address' });
      return z.NEVER;
    }),
  SES_REGION: z.string().min(1).optional(),
  /** Only to reach something other than AWS (a test double); normally unset. */
  SES_ENDPOINT: z.url().optional(),
  /** Static keys; when unset the AWS default chain applies (pod identity, instance role, env). */
  SES_ACCESS_KEY_ID: z.string().min(1).optional(),
  SES_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Routes SES events (deliveries, bounces, complaints) to their destinations. */
  SES_CONFIGURATION_SET: z.string().min(1).optional(),
  /** `simple` lets SES build the MIME message; `raw` sends the one we build. */
  SES_MESSAGE_FORMAT: z.enum(['simple', 'raw']).default('simple'),
});
export type MailConfig = z.output<typeof mailConfigSchema>;

/** The checks one variable cannot make alone; run when the mail module starts. */
export function checkMailConfig(config: MailConfig): void {
  const problems: string[] = [];
  if (config.MAIL_TRANSPORT === 'ses' && !config.SES_REGION)
    problems.push('SES_REGION: required when MAIL_TRANSPORT is ses');
  if (Boolean(config.SES_ACCESS_KEY_ID) !== Boolean(config.SES_SECRET_ACCESS_KEY)) {
    problems.push('SES_ACCESS_KEY_ID, SES_SECRET_ACCESS_KEY: set both or neither');
  }
  if (Boolean(config.SMTP_USER) !== Boolean(config.SMTP_PASSWORD))
    problems.push('SMTP_USER, SMTP_PASSWORD: set both or neither');
  if (problems.length > 0) throw new ConfigError(problems);
}
