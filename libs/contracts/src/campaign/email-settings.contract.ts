import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../http/endpoint';
import { personOrgMappingSchema, settingsGetContract } from './persons.contract';

/** Spec section 5 "Global email config" and "Opt-out URL", word for word where the spec gives them. */
export const emailSettingsMessages = {
  senderNameRequired: 'Sender name is required',
  invalidEmail: 'Please enter a valid email address',
  invalidUrl: 'Please enter a valid url',
  inactiveSenderDomain: 'The from email must use one of your active sender domains',
  alreadyConfigured: 'A global email configuration already exists',
  notConfigured: 'No global email configuration yet',
  unsubUrlExists: 'An unsubscribe URL is already configured',
  unsubUrlMissing: 'No unsubscribe URL configured yet',
  /** Decisions, "Admin-only actions": the server's 403 and the page's tooltip say the same. */
  adminsOnly: 'Only admins can change the email settings',
  adminsOnlyMapping: 'Only admins can change the person/org mapping',
} as const;

const emailAddress = z
  .string({ error: emailSettingsMessages.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, { error: emailSettingsMessages.invalidEmail })
  .check(z.email({ error: emailSettingsMessages.invalidEmail }));

/** The global email configuration: the sender of campaign mails unless an action overrides it. */
export const globalEmailSettingSchema = z.object({
  from_email: z.object({
    name: z
      .string({ error: emailSettingsMessages.senderNameRequired })
      .trim()
      .min(1, { error: emailSettingsMessages.senderNameRequired })
      .max(200, { error: 'Sender name must be at most 200 characters' }),
    email: emailAddress,
  }),
  /** Spec 5: a valid email, like the from email. */
  reply_to: emailAddress,
});
export type GlobalEmailSetting = z.output<typeof globalEmailSettingSchema>;
export type GlobalEmailSettingInput = z.input<typeof globalEmailSettingSchema>;

const emailSettingAnswer = z.object({
  email: z.object({
    from_email: z.object({ name: z.string(), email: z.string() }),
    reply_to: z.string(),
  }),
});

export const emailSettingsCreateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/settings/email/create',
  access: 'bearer',
  request: globalEmailSettingSchema,
  response: emailSettingAnswer,
});

export const emailSettingsUpdateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/settings/email/update',
  access: 'bearer',
  request: globalEmailSettingSchema,
  response: emailSettingAnswer,
});

/** Changes the person/org mapping (decisions.md: a field on the email settings page). */
export const settingsUpdateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/settings/update',
  access: 'bearer',
  request: z.object({ person_org_mapping: personOrgMappingSchema }),
  response: settingsGetContract.response,
});

export const senderDomainSchema = z.object({
  domain: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SenderDomain = z.infer<typeof senderDomainSchema>;

/** The organisation's sender domains; `active: true` lists only those a from email may use. */
export const senderDomainListContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/settings/domain/list',
  access: 'bearer',
  request: z.object({ active: z.boolean().optional() }),
  response: z.object({ domain: z.array(senderDomainSchema) }),
});

const isWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
};

/**
 * The opt-out page setting: with `customUrl` on, unsubscribing sends the person to `url` (which must
 * then be an http or https address); off, to the product's own /unsubscribed page.
 */
export const unsubUrlRequestSchema = z
  .object({
    url: z
      .string({ error: emailSettingsMessages.invalidUrl })
      .trim()
      .max(2000, { error: emailSettingsMessages.invalidUrl })
      .default(''),
    // Spec 5: required (the page says whether it is on; leaving it out is not "off").
    customUrl: z.boolean({ error: 'Custom URL setting is required' }),
  })
  .superRefine((value, ctx) => {
    // Spec 5: the URL is checked when the custom page is on; off, the page is the product's own.
    if (value.customUrl && !isWebUrl(value.url)) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: emailSettingsMessages.invalidUrl });
    }
  });
export type UnsubUrlRequest = z.output<typeof unsubUrlRequestSchema>;
export type UnsubUrlInput = z.input<typeof unsubUrlRequestSchema>;

export const unsubUrlSchema = z.object({
  url: z.string(),
  customUrl: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UnsubUrl = z.infer<typeof unsubUrlSchema>;

const unsubUrlAnswer = z.object({ unsub_url: unsubUrlSchema.nullable() });

export const unsubUrlGetContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/settings/unsub-url/get',
  access: 'bearer',
  request: emptyRequest,
  response: unsubUrlAnswer,
});

export const unsubUrlCreateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/settings/unsub-url/create',
  access: 'bearer',
  request: unsubUrlRequestSchema,
  response: unsubUrlAnswer,
});

export const unsubUrlUpdateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/settings/unsub-url/update',
  access: 'bearer',
  request: unsubUrlRequestSchema,
  response: unsubUrlAnswer,
});

export const unsubUrlDeleteContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/settings/unsub-url/delete',
  access: 'bearer',
  request: emptyRequest,
  response: unsubUrlAnswer,
});

/**
 * The person-level unsubscribe link (`unsubscribe_url` of test sends and mails without a message
 * of their own), opened in a browser: an HTML confirmation page whose form POSTs back. A GET
 * never unsubscribes (mail scanners fetch every link). A forged or mangled link is not found (404).
 */
export const unsubscribeLinkContract = defineEndpoint({
  service: 'campaign',
  method: 'GET',
  path: '/unsubscribe/:token',
  access: 'public',
  request: z.object({ token: z.string().min(1).max(1000) }),
  response: z.string(),
  produces: 'text/html',
});

/**
 * Unsubscribes the person. RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click`
 * (form encoded) and gets a 200 with the opt-out page; the confirmation page's form gets a 303 to
 * it (the organisation's custom opt-out page, or `{PUBLIC_BASE_URL}/unsubscribed`).
 */
export const unsubscribeOneClickContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/unsubscribe/:token',
  access: 'public',
  request: z.object({ token: z.string().min(1).max(1000) }).passthrough(),
  response: z.object({ url: z.string() }),
  redirects: 303,
});
