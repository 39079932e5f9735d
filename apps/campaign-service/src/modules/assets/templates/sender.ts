import type { TemplateFromEmail, TemplateSenderMeta } from '@meridian/contracts';
import { tokenPlaceholder } from '@meridian/contracts';
import { z } from 'zod';

/** Who a mail is from: the same shape as the mail port's `from`. */
export interface SenderAddress {
  name?: string;
  email: string;
}

/** The organisation's global email configuration (spec 3 "Global email setting"). */
export interface GlobalEmailSetting {
  from_email: TemplateFromEmail;
  reply_to: string | null;
}

export interface ResolvedSender {
  from: SenderAddress;
  replyTo?: string;
}

/** The sender fields as one recipient sees them: typed text as is, tokens already rendered. */
export interface TemplateSenderValues {
  from_name?: string;
  from_email?: string;
  reply_to?: string;
}

const SENDER_KEYS = ['from_name', 'from_email', 'reply_to'] as const;
type SenderKey = (typeof SENDER_KEYS)[number];
const isEmail = (value: string) => z.email().safeParse(value).success;
const clean = (value: string | null | undefined) => value?.trim() || undefined;

/** The render keys of the sender fields filled by a token, as `{{ tokens.<name> }}` texts. */
export function senderTokenTexts(meta: TemplateSenderMeta | null | undefined): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const key of SENDER_KEYS) {
    const entry = meta?.[key];
    if (entry?.type === 'token' && entry.value) texts[senderTextKey(key)] = tokenPlaceholder(entry.value);
  }
  return texts;
}

export const senderTextKey = (key: SenderKey) => `sender.${key}`;

/**
 * One recipient's sender fields: `sender_meta` wins (a token's rendered value, or typed text),
 * then the template's typed `from_email` / `reply_to`.
 */
export function templateSenderValues(
  template: {
    from_email?: TemplateFromEmail | null;
    reply_to?: string | null;
    sender_meta?: TemplateSenderMeta | null;
  },
  rendered: Record<string, string>,
): TemplateSenderValues {
  const metaValue = (key: SenderKey) => {
    const entry = template.sender_meta?.[key];
    if (!entry) return undefined;
    return clean(entry.type === 'token' ? rendered[senderTextKey(key)] : entry.value);
  };
  return {
    from_name: metaValue('from_name') ?? clean(template.from_email?.name),
    from_email: metaValue('from_email') ?? clean(template.from_email?.email),
    reply_to: metaValue('reply_to') ?? clean(template.reply_to),
  };
}

/**
 * The sender of a template's mail: the template's own values, else the organisation's global
 * email setting, else the platform sender (MAIL_FROM). A value that is set but not an email
 * address is reported by name, never silently replaced.
 */
export function resolveSender(
  values: TemplateSenderValues,
  platform: SenderAddress,
  global?: GlobalEmailSetting | null,
): ResolvedSender | { invalid: 'from_email' | 'reply_to' } {
  if (values.from_email && !isEmail(values.from_email)) return { invalid: 'from_email' };
  if (values.reply_to && !isEmail(values.reply_to)) return { invalid: 'reply_to' };
  const globalEmail = clean(global?.from_email.email);
  const email = values.from_email ?? globalEmail ?? platform.email;
  const name =
    values.from_name ?? clean(global?.from_email.name) ?? (globalEmail ? undefined : clean(platform.name));
  const replyTo = values.reply_to ?? clean(global?.reply_to);
  return { from: name ? { name, email } : { email }, ...(replyTo ? { replyTo } : {}) };
}
