import { z } from 'zod';
import {
  templateMessages,
  templateSenderValueSchema,
  type Template,
  type TemplateSenderMeta,
  type TemplateSenderValue,
} from '@meridian/contracts';

/** Spec 2/5: the email settings dialog's messages. */
export const SENDER_NAME_EMPTY = 'Sender name should not be empty';

export const SENDER_FIELDS = ['from_name', 'from_email', 'reply_to'] as const;
export type SenderField = (typeof SENDER_FIELDS)[number];

/** The email settings dialog: each sender field is typed text or a saved token's name. */
export type SenderSettings = Record<SenderField, TemplateSenderValue>;

const emailCheck = z.email();
const isEmail = (value: string) => emailCheck.safeParse(value).success;

/**
 * The dialog's schema: the contract's sender value per field, plus the dialog's rules: a sender
 * name, a valid from address, a valid reply-to when given, and a chosen token for token fields.
 */
export const senderSettingsSchema = z
  .object({
    from_name: templateSenderValueSchema,
    from_email: templateSenderValueSchema,
    reply_to: templateSenderValueSchema,
  })
  .superRefine((values, ctx) => {
    for (const field of SENDER_FIELDS) {
      const { type, value } = values[field];
      const path = [field, 'value'];
      if (type === 'token') {
        if (!value) ctx.addIssue({ code: 'custom', path, message: templateMessages.tokenRequired });
        continue;
      }
      if (field === 'from_name' && !value.trim()) {
        ctx.addIssue({ code: 'custom', path, message: SENDER_NAME_EMPTY });
      }
      const mustBeEmail = field === 'from_email' || value.trim() !== '';
      if (field !== 'from_name' && mustBeEmail && !isEmail(value.trim())) {
        ctx.addIssue({ code: 'custom', path, message: templateMessages.invalidEmail });
      }
    }
  });

const text = (value: string | null | undefined): TemplateSenderValue => ({
  type: 'text',
  value: value ?? '',
});

/** The dialog's values for a saved template: its sender_meta, else the typed from/reply-to. */
export function senderSettingsOf(
  template: Pick<Template, 'from_email' | 'reply_to' | 'sender_meta'>,
): SenderSettings {
  const meta = template.sender_meta ?? {};
  return {
    from_name: meta.from_name ?? text(template.from_email?.name),
    from_email: meta.from_email ?? text(template.from_email?.email),
    reply_to: meta.reply_to ?? text(template.reply_to),
  };
}

/** Whether the template has any sender of its own (else the organisation's email settings apply). */
export function hasSender(settings: SenderSettings): boolean {
  return SENDER_FIELDS.some((field) => settings[field].value.trim() !== '');
}

export interface TemplateSenderFields {
  from_email: { name: string; email: string } | null;
  reply_to: string | null;
  sender_meta: TemplateSenderMeta | null;
}

/**
 * The template fields the settings are saved as: typed values also go to `from_email` and
 * `reply_to`; `sender_meta` keeps the text/token choice (and wins when the email is rendered).
 * A template without any sender saves nulls, so the organisation's settings apply.
 */
export function senderFieldsOf(settings: SenderSettings): TemplateSenderFields {
  if (!hasSender(settings)) return { from_email: null, reply_to: null, sender_meta: null };
  const typed = (field: SenderField) => (settings[field].type === 'text' ? settings[field].value.trim() : '');
  return {
    from_email: { name: typed('from_name'), email: typed('from_email') },
    reply_to: typed('reply_to') || null,
    sender_meta: {
      from_name: { ...settings.from_name, value: settings.from_name.value.trim() },
      from_email: { ...settings.from_email, value: settings.from_email.value.trim() },
      reply_to: settings.reply_to.value.trim()
        ? { ...settings.reply_to, value: settings.reply_to.value.trim() }
        : null,
    },
  };
}

/** One line for the editor: who the email comes from. */
export function senderSummary(settings: SenderSettings): string {
  if (!hasSender(settings)) return 'Organisation default sender';
  const show = (entry: TemplateSenderValue) => (entry.type === 'token' ? `{${entry.value}}` : entry.value);
  const name = show(settings.from_name);
  const email = show(settings.from_email);
  return email ? `${name} <${email}>` : name;
}
