import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../http/endpoint';
import { pageInfoSchema, pageRequestSchema, searchQuerySchema } from '../http/pagination';
import { campaignContextSchema } from './persons.contract';

/** Spec sections 5 and 8, webhook texts, word for word (plus ours where the spec has none). */
export const webhookMessages = {
  nameTooShort: 'Name must be at least 3 characters long',
  nameTooLong: 'Name must be at most 255 characters',
  descriptionEmpty: 'Description should not be empty',
  invalidUrl: 'Please enter a valid url',
  contentTypeRequired: 'Content-type is required, when payload is present',
  saveBeforePreview: 'Webhook should be updated and saved before preview',
  payloadTooLarge: 'Payload must be at most 100 KB',
  timeoutRange: 'Timeout must be between 1 and 30 seconds',
  personRequired: 'Valid email is required',
  notFound: 'Webhook not found',
} as const;

/** Spec 9: webhook names are at least 3 characters. */
export const WEBHOOK_NAME_MIN = 3;
/** Spec 9: the webhook editor's last-saved time refreshes every 60 s. */
export const WEBHOOK_REFRESH_MS = 60_000;
/** Spec 3 / 9: default method POST; the content-type header is fixed, application/json by default. */
export const WEBHOOK_DEFAULT_METHOD = 'POST';
export const WEBHOOK_CONTENT_TYPE_HEADER = 'content-type';
export const WEBHOOK_DEFAULT_CONTENT_TYPE = 'application/json';
/** Seconds the call may take in all (connect, redirects, response). */
export const WEBHOOK_DEFAULT_TIMEOUT = 10;
export const WEBHOOK_MAX_TIMEOUT = 30;
export const WEBHOOK_PAYLOAD_MAX_CHARS = 100 * 1024;
/** The largest response body preview.debug hands back (the full response is capped at 1 MB). */
export const WEBHOOK_PREVIEW_BODY_MAX_CHARS = 64 * 1024;
/** Spec 2: a new webhook's headers. */
export const defaultWebhookHeaders = (): Record<string, string> => ({
  [WEBHOOK_CONTENT_TYPE_HEADER]: WEBHOOK_DEFAULT_CONTENT_TYPE,
});

export const webhookMethodSchema = z.enum(['POST', 'GET', 'DELETE', 'PUT', 'HEAD', 'PATCH']);
export type WebhookMethod = z.infer<typeof webhookMethodSchema>;

export const webhookNameSchema = z
  .string({ error: webhookMessages.nameTooShort })
  .trim()
  .min(WEBHOOK_NAME_MIN, { error: webhookMessages.nameTooShort })
  .max(255, { error: webhookMessages.nameTooLong });

/**
 * An absolute http(s) URL. It may carry Liquid placeholders (`{{ person.id }}`) in its path and query,
 * rendered per person before the call.
 */
export function isWebhookUrl(value: string): boolean {
  if (value.length > 2048) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
export const webhookUrlSchema = z
  .string({ error: webhookMessages.invalidUrl })
  .trim()
  .refine(isWebhookUrl, { error: webhookMessages.invalidUrl });

/**
 * Spec 5: blank header keys are dropped, keys and values trimmed. Keys are kept lower case so the
 * fixed content-type header has one spelling.
 */
export function cleanWebhookHeaders(headers: Record<string, string>): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    const name = key.trim().toLowerCase();
    if (name !== '') clean[name] = value.trim();
  }
  return clean;
}
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/**
 * What HTTP lets a header value carry (and Node sends): tabs, visible ASCII, spaces and Latin-1;
 * no line breaks, control characters or characters beyond Latin-1 (a euro sign, a Polish Ł).
 */
export const isSendableHeaderValue = (value: string): boolean => !/[^\t\x20-\x7e\x80-\xff]/.test(value);
/** Why a rendered header value cannot be sent. */
export const unsendableHeaderMessage =
  'a header value may not hold line breaks, control characters or characters beyond Latin-1';
export const webhookHeadersSchema = z
  .record(z.string().max(256), z.string().max(8192))
  .transform(cleanWebhookHeaders)
  .refine((headers) => Object.keys(headers).length <= 50, { error: 'At most 50 headers' })
  .superRefine((headers, ctx) => {
    for (const [name, value] of Object.entries(headers)) {
      if (!headerName.test(name))
        ctx.addIssue({ code: 'custom', path: [name], message: 'Invalid header name' });
      if (!isSendableHeaderValue(value))
        ctx.addIssue({ code: 'custom', path: [name], message: 'Invalid header value' });
    }
  });

/** Spec 5: an empty payload is sent (and stored) as null. */
export const webhookPayloadSchema = z
  .string()
  .max(WEBHOOK_PAYLOAD_MAX_CHARS, { error: webhookMessages.payloadTooLarge })
  .nullable()
  .transform((payload) => (payload === null || payload.trim() === '' ? null : payload));

export const webhookTimeoutSchema = z
  .number({ error: webhookMessages.timeoutRange })
  .int({ error: webhookMessages.timeoutRange })
  .min(1, { error: webhookMessages.timeoutRange })
  .max(WEBHOOK_MAX_TIMEOUT, { error: webhookMessages.timeoutRange });

/** Spec 5: with a payload a content-type header is required. Reported on `headers.content-type`. */
function requireContentType(
  value: { payload: string | null; headers: Record<string, string> },
  ctx: z.RefinementCtx,
) {
  if (value.payload !== null && !value.headers[WEBHOOK_CONTENT_TYPE_HEADER]) {
    ctx.addIssue({
      code: 'custom',
      path: ['headers', WEBHOOK_CONTENT_TYPE_HEADER],
      message: webhookMessages.contentTypeRequired,
    });
  }
}

export const webhookUserSchema = z.object({ id: z.string(), name: z.string() });

/** Spec 3 "Webhook". `timeout` is in seconds. A new webhook has an empty description and url. */
export const webhookSchema = z.object({
  webhook_id: z.string(),
  name: z.string(),
  description: z.string(),
  method: webhookMethodSchema,
  url: z.string(),
  payload: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  timeout: z.number().int(),
  type: z.literal('webhook'),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: webhookUserSchema.nullable(),
  updated_by: webhookUserSchema.nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** Spec 3: 'webhook-' plus 5 random characters. Anything else is simply not found. */
export const webhookIdSchema = z
  .string({ error: webhookMessages.notFound })
  .trim()
  .min(1, { error: webhookMessages.notFound })
  .max(64);
const webhookId = z.object({ webhook_id: webhookIdSchema });

const webhookFieldsShape = z.object({
  description: z
    .string({ error: webhookMessages.descriptionEmpty })
    .trim()
    .min(1, { error: webhookMessages.descriptionEmpty })
    .max(1000),
  method: webhookMethodSchema.default(WEBHOOK_DEFAULT_METHOD),
  url: webhookUrlSchema,
  payload: webhookPayloadSchema.default(null),
  headers: webhookHeadersSchema.default(defaultWebhookHeaders),
  timeout: webhookTimeoutSchema.default(WEBHOOK_DEFAULT_TIMEOUT),
});
/** The editable part of a webhook (spec 5 "Webhook save"), shared by the editor form. */
export const webhookFieldsSchema = webhookFieldsShape.superRefine(requireContentType);
export type WebhookFields = z.input<typeof webhookFieldsSchema>;

const path = (p: string) => `/assets/webhooks${p}`;

/** The list's searchable columns; `keyword` matches any of `fields` (default: name). */
export const webhookSearchFieldSchema = z.enum(['name', 'description']);
export type WebhookSearchField = z.infer<typeof webhookSearchFieldSchema>;

export const webhookListContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/webhook.list'),
  access: 'bearer',
  request: pageRequestSchema.extend({ query: searchQuerySchema(webhookSearchFieldSchema) }),
  response: pageInfoSchema.extend({ records: z.array(webhookSchema) }),
});

/** Every webhook of the organisation (the campaign webhook step's picker), newest change first. */
export const webhookListAllContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/webhook.list.all'),
  access: 'bearer',
  request: emptyRequest,
  response: z.object({ records: z.array(webhookSchema) }),
});

export const webhookCreateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/webhook.create'),
  access: 'bearer',
  request: z.object({ name: webhookNameSchema }),
  response: z.object({ webhook: webhookSchema }),
});

export const webhookGetContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/webhook.get'),
  access: 'bearer',
  request: webhookId,
  response: z.object({ webhook: webhookSchema }),
});

/** Saves the editor (spec 5 "Webhook save"); `name` is optional here, renames go through name.update. */
export const webhookUpdateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/webhook.update'),
  access: 'bearer',
  request: webhookFieldsShape
    .extend({ ...webhookId.shape, name: webhookNameSchema.optional() })
    .superRefine(requireContentType),
  response: z.object({ webhook: webhookSchema }),
});

export const webhookNameUpdateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/name.update'),
  access: 'bearer',
  request: webhookId.extend({ name: webhookNameSchema }),
  response: z.object({ webhook: webhookSchema }),
});

export const webhookDeleteContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/webhook.delete'),
  access: 'bearer',
  request: webhookId,
  response: z.object({ success: z.literal(true) }),
});

/** Who the preview is rendered for: the looked-up person (spec 7 `person_ids` items). */
export const webhookPreviewPersonSchema = z.object({
  id: z.uuid({ error: webhookMessages.personRequired }),
  email: z.string().trim().max(254).optional(),
  org_id: z.string().trim().max(255).nullable().optional(),
  product_user_id: z.string().trim().max(255).nullable().optional(),
});

export const webhookPreviewRequestSchema = z
  .object({
    url: webhookUrlSchema,
    method: webhookMethodSchema.default(WEBHOOK_DEFAULT_METHOD),
    headers: webhookHeadersSchema.default(defaultWebhookHeaders),
    payload: webhookPayloadSchema.default(null),
    timeout: webhookTimeoutSchema.default(WEBHOOK_DEFAULT_TIMEOUT),
    /** The first person is the one the request is rendered for. */
    person_ids: z
      .array(webhookPreviewPersonSchema, { error: webhookMessages.personRequired })
      .min(1, { error: webhookMessages.personRequired })
      .max(1, { error: webhookMessages.personRequired }),
    campaign_context: campaignContextSchema.default('person'),
  })
  .superRefine(requireContentType);

/**
 * Why a preview call produced no response:
 * - `refused`: the target is an internal address (or redirects to one) and is not allow-listed;
 * - `timeout`, `dns`, `connection`, `redirects`, `invalid_url`: the call failed on the way;
 * - `render`: a placeholder of the url, headers or payload could not be rendered for the person.
 */
export const webhookPreviewFailureSchema = z.enum([
  'refused',
  'timeout',
  'dns',
  'connection',
  'redirects',
  'invalid_url',
  'render',
]);
export type WebhookPreviewFailure = z.infer<typeof webhookPreviewFailureSchema>;

/**
 * The preview answers 200 whenever the input is valid, with what was (or would have been) sent and
 * either the response or the failure: the editor's panel shows both side by side. Input errors are
 * the usual 400 ValidationException. 'Preview successful' shows when `response.status_code` is 200.
 */
export const webhookPreviewResultSchema = z.object({
  request: z.object({
    url: z.string(),
    method: webhookMethodSchema,
    headers: z.record(z.string(), z.string()),
    body: z.string().nullable(),
  }),
  response: z
    .object({
      status_code: z.number().int(),
      headers: z.record(z.string(), z.string()),
      /** At most WEBHOOK_PREVIEW_BODY_MAX_CHARS characters; `truncated` says when more came. */
      body: z.string(),
      truncated: z.boolean(),
      elapsed_ms: z.number().int(),
    })
    .nullable(),
  error: z.object({ reason: webhookPreviewFailureSchema, message: z.string() }).nullable(),
});
export type WebhookPreviewResult = z.infer<typeof webhookPreviewResultSchema>;

export const webhookPreviewContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/preview.debug'),
  access: 'bearer',
  request: webhookPreviewRequestSchema,
  response: webhookPreviewResultSchema,
});
