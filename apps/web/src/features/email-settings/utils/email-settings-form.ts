import {
  globalEmailSettingSchema,
  unsubUrlRequestSchema,
  type GlobalEmailSetting,
  type UnsubUrl,
  type UnsubUrlRequest,
} from '@meridian/contracts';
import type { z } from 'zod';

export type PersonOrgMapping = 'one_to_none' | 'one_to_one' | 'many_to_many';

/** The one form of /email-settings: global sender, person/org mapping, and the opt-out page. */
export interface EmailSettingsForm {
  sender_name: string;
  /** The part of the from email before '@'; the domain is picked from the active sender domains. */
  from_local: string;
  from_domain: string;
  reply_to: string;
  person_org_mapping: PersonOrgMapping;
  custom_url: boolean;
  url: string;
}

export interface SavedEmailSettings {
  email: GlobalEmailSetting | null;
  person_org_mapping: PersonOrgMapping;
  unsubUrl: UnsubUrl | null;
}

export const PERSON_ORG_MAPPING_OPTIONS: { value: PersonOrgMapping; label: string; description: string }[] = [
  { value: 'one_to_none', label: 'One to none', description: 'Contacts only: campaigns run on persons.' },
  {
    value: 'one_to_one',
    label: 'One to one',
    description: 'Each person belongs to one organization: person and org campaigns.',
  },
  {
    value: 'many_to_many',
    label: 'Many to many',
    description: 'A person can belong to several organizations: person and org campaigns.',
  },
];

const splitEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  return at < 0 ? { local: email, domain: '' } : { local: email.slice(0, at), domain: email.slice(at + 1) };
};

/** The form's values for what is saved; a new configuration gets the first active domain preselected. */
export function formValues(saved: SavedEmailSettings, activeDomains: readonly string[]): EmailSettingsForm {
  const from = saved.email ? splitEmail(saved.email.from_email.email) : { local: '', domain: '' };
  return {
    sender_name: saved.email?.from_email.name ?? '',
    from_local: from.local,
    from_domain: from.domain || activeDomains[0] || '',
    reply_to: saved.email?.reply_to ?? '',
    person_org_mapping: saved.person_org_mapping,
    custom_url: saved.unsubUrl?.customUrl ?? false,
    url: saved.unsubUrl?.url ?? '',
  };
}

export function emailRequestOf(values: EmailSettingsForm): z.input<typeof globalEmailSettingSchema> {
  return {
    from_email: { name: values.sender_name, email: `${values.from_local.trim()}@${values.from_domain}` },
    reply_to: values.reply_to,
  };
}

export function unsubRequestOf(
  values: Pick<EmailSettingsForm, 'custom_url' | 'url'>,
): z.input<typeof unsubUrlRequestSchema> {
  return { url: values.url, customUrl: values.custom_url };
}

/** Where a request field's message shows in the form. */
const FORM_FIELD: Record<string, keyof EmailSettingsForm> = {
  'from_email.name': 'sender_name',
  'from_email.email': 'from_local',
  reply_to: 'reply_to',
  url: 'url',
  person_org_mapping: 'person_org_mapping',
};

/** Request field errors (from the contract or the server) as the form's field errors. */
export function toFormErrors(
  fields: Record<string, string>,
): Partial<Record<keyof EmailSettingsForm, string>> {
  const errors: Partial<Record<keyof EmailSettingsForm, string>> = {};
  for (const [field, message] of Object.entries(fields)) {
    const target = FORM_FIELD[field];
    if (target && !errors[target]) errors[target] = message;
  }
  return errors;
}

function issuesOf(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Both forms checked with the contract's schemas, so the page and the service agree on every message. */
export function validateEmailSettings(
  values: EmailSettingsForm,
): Partial<Record<keyof EmailSettingsForm, string>> {
  const errors = toFormErrors({
    ...issuesOf(globalEmailSettingSchema.safeParse(emailRequestOf(values))),
    ...issuesOf(unsubUrlRequestSchema.safeParse(unsubRequestOf(values))),
  });
  if (!values.from_domain) errors.from_local = 'Please choose a sender domain';
  return errors;
}

/** The opt-out form alone (the Segment page), checked with the same schema. */
export function validateUnsubUrl(values: Pick<EmailSettingsForm, 'custom_url' | 'url'>): { url?: string } {
  const url = issuesOf(unsubUrlRequestSchema.safeParse(unsubRequestOf(values))).url;
  return url ? { url } : {};
}

export type SaveStep =
  | { kind: 'email'; action: 'create' | 'update'; request: GlobalEmailSetting }
  | { kind: 'mapping'; person_org_mapping: PersonOrgMapping }
  | { kind: 'unsub-url'; action: 'create' | 'update'; request: UnsubUrlRequest }
  | { kind: 'unsub-url'; action: 'delete' };

/** What one Save sends: only the parts that changed, each as a create, update or delete. */
export function saveSteps(saved: SavedEmailSettings, values: EmailSettingsForm): SaveStep[] {
  const steps: SaveStep[] = [];
  const email = globalEmailSettingSchema.parse(emailRequestOf(values));
  const emailChanged =
    !saved.email ||
    saved.email.from_email.name !== email.from_email.name ||
    saved.email.from_email.email !== email.from_email.email ||
    saved.email.reply_to !== email.reply_to;
  if (emailChanged) steps.push({ kind: 'email', action: saved.email ? 'update' : 'create', request: email });

  if (values.person_org_mapping !== saved.person_org_mapping) {
    steps.push({ kind: 'mapping', person_org_mapping: values.person_org_mapping });
  }

  const unsub = unsubUrlStep(saved.unsubUrl, values);
  if (unsub) steps.push(unsub);
  return steps;
}

export type UnsubUrlStep = Extract<SaveStep, { kind: 'unsub-url' }>;

/**
 * The opt-out page's part of a save, or null when nothing changed: a create, an update, or a
 * delete when the custom page is off and no URL is left. Also used where the form stands alone.
 */
export function unsubUrlStep(
  saved: UnsubUrl | null,
  values: Pick<EmailSettingsForm, 'custom_url' | 'url'>,
): UnsubUrlStep | null {
  const unsub = unsubUrlRequestSchema.parse({ url: values.url, customUrl: values.custom_url });
  const wanted = unsub.customUrl || unsub.url !== '';
  if (!saved) return wanted ? { kind: 'unsub-url', action: 'create', request: unsub } : null;
  if (!wanted) return { kind: 'unsub-url', action: 'delete' };
  if (saved.url !== unsub.url || saved.customUrl !== unsub.customUrl) {
    return { kind: 'unsub-url', action: 'update', request: unsub };
  }
  return null;
}

/** Spec section 8, success toasts, word for word ('Unsubscribe URL updated' also for delete). */
export function savedMessage(step: SaveStep): string {
  switch (step.kind) {
    case 'email':
      return step.action === 'create'
        ? 'Global email configuration created'
        : 'Global email configuration updated';
    case 'mapping':
      return 'Settings updated successfully';
    case 'unsub-url':
      return step.action === 'create' ? 'Unsubscribe URL added' : 'Unsubscribe URL updated';
  }
}
