import {
  WEBHOOK_CONTENT_TYPE_HEADER,
  webhookFieldsSchema,
  webhookMessages,
  type Webhook,
  type WebhookMethod,
} from '@meridian/contracts';

/** Spec 5 "Webhook save", word for word. */
export const WEBHOOK_FORM_MESSAGES = {
  descriptionRequired: webhookMessages.descriptionEmpty,
  invalidUrl: webhookMessages.invalidUrl,
  contentTypeRequired: webhookMessages.contentTypeRequired,
} as const;

export interface HeaderRow {
  key: string;
  value: string;
}

/** What the editor holds: the stored webhook, with the headers split into the fixed row and the rest. */
export interface WebhookFormValues {
  description: string;
  method: WebhookMethod;
  url: string;
  content_type: string;
  headers: HeaderRow[];
  payload: string;
}

/** What `webhook.update` takes from the form. */
export interface WebhookChanges {
  description: string;
  method: WebhookMethod;
  url: string;
  headers: Record<string, string>;
  payload: string | null;
}

/** The stored fields the editor edits. */
export type StoredWebhook = Pick<Webhook, 'description' | 'method' | 'url' | 'headers' | 'payload'>;

const isContentType = (key: string) => key.trim().toLowerCase() === WEBHOOK_CONTENT_TYPE_HEADER;

/** The form's values for a stored webhook: content-type goes to its fixed row, other headers in order. */
export function toFormValues(webhook: StoredWebhook): WebhookFormValues {
  const entries = Object.entries(webhook.headers);
  const contentType = entries.find(([key]) => isContentType(key));
  return {
    description: webhook.description,
    method: webhook.method,
    url: webhook.url,
    content_type: contentType ? contentType[1] : '',
    headers: entries.filter(([key]) => !isContentType(key)).map(([key, value]) => ({ key, value })),
    payload: webhook.payload ?? '',
  };
}

/**
 * The header map to store: keys and values trimmed, keys in lower case (as the service keeps them),
 * rows with a blank key dropped, the fixed content-type row first (when filled). A later row with
 * the same key wins, as in a map.
 */
export function normaliseHeaders(contentType: string, rows: readonly HeaderRow[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const type = contentType.trim();
  if (type) headers[WEBHOOK_CONTENT_TYPE_HEADER] = type;
  for (const row of rows) {
    const key = row.key.trim().toLowerCase();
    if (!key || isContentType(key)) continue;
    headers[key] = row.value.trim();
  }
  return headers;
}

/** An empty payload is stored as null (spec 5). */
export function normalisePayload(payload: string): string | null {
  return payload.trim() === '' ? null : payload;
}

export function toChanges(values: WebhookFormValues): WebhookChanges {
  return {
    description: values.description.trim(),
    method: values.method,
    url: values.url.trim(),
    headers: normaliseHeaders(values.content_type, values.headers),
    payload: normalisePayload(values.payload),
  };
}

export type WebhookFormField = 'description' | 'url' | 'content_type' | 'headers' | 'payload';
export type WebhookFormErrors = Partial<Record<WebhookFormField, string>>;

function fieldOf(path: readonly PropertyKey[]): WebhookFormField | null {
  const [first, second] = path;
  if (first === 'headers') return second === WEBHOOK_CONTENT_TYPE_HEADER ? 'content_type' : 'headers';
  if (first === 'description' || first === 'url' || first === 'payload') return first;
  return null;
}

/**
 * The save rules of spec 5 "Webhook save", checked with the contract's schema on what a save
 * sends; the first message per field.
 */
export function validateWebhookForm(values: WebhookFormValues): WebhookFormErrors {
  const result = webhookFieldsSchema.safeParse(toChanges(values));
  const errors: WebhookFormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Whether the form differs from what is stored, after the same normalisation a save applies. */
export function hasUnsavedChanges(values: WebhookFormValues, stored: StoredWebhook): boolean {
  return !sameChanges(toChanges(values), toChanges(toFormValues(stored)));
}

function sameChanges(a: WebhookChanges, b: WebhookChanges): boolean {
  return (
    a.description === b.description &&
    a.method === b.method &&
    a.url === b.url &&
    a.payload === b.payload &&
    JSON.stringify(Object.entries(a.headers)) === JSON.stringify(Object.entries(b.headers))
  );
}
