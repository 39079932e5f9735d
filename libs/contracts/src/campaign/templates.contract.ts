import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../http/endpoint';
import { pageInfoSchema, pageRequestSchema, searchQuerySchema } from '../http/pagination';
import { campaignContextSchema } from './persons.contract';

/** Spec sections 5 and 8, template texts, word for word. */
export const templateMessages = {
  nameTooShort: 'Name must be at least 3 characters long',
  nameTooLong: 'Name must be at most 255 characters',
  validEmailRequired: 'Valid email is required',
  invalidEmail: 'Please enter a valid email address',
  subjectEmpty: 'Email subject should not be empty',
  contentEmpty: "Email content shouldn't be empty",
  settingsInvalid: 'Email settings is invalid',
  tokenRequired: 'Select a token',
  contentTooLarge: 'Email content must be at most 2 MB',
  designTooLarge: 'Email design must be at most 5 MB',
  notFound: 'Template not found',
  starterNotFound: 'Starter template not found',
  personNotFound: 'Person not found',
} as const;

/** Size caps: the HTML (`content`) and the visual editor's design (`content_json`, measured as JSON). */
export const TEMPLATE_CONTENT_MAX_BYTES = 2 * 1024 * 1024;
export const TEMPLATE_DESIGN_MAX_BYTES = 5 * 1024 * 1024;
/** Spec 9: templates' names are at least 3 characters. */
export const TEMPLATE_NAME_MIN = 3;
/** Spec 9: the all-templates fetch (list with page 1, page size 10000). */
export const ALL_TEMPLATES_PAGE_SIZE = 10000;

const utf8Bytes = (value: string) => new TextEncoder().encode(value).length;

/** decisions.md: `visual` is the drag and drop editor, `advanced` the HTML code editor. */
export const templateTypeSchema = z.enum(['visual', 'advanced']);
export type TemplateType = z.infer<typeof templateTypeSchema>;

export const templateNameSchema = z
  .string({ error: templateMessages.nameTooShort })
  .trim()
  .min(TEMPLATE_NAME_MIN, { error: templateMessages.nameTooShort })
  .max(255, { error: templateMessages.nameTooLong });

const senderEmail = z
  .string()
  .trim()
  .max(254)
  .check(z.email({ error: templateMessages.invalidEmail }));
/** An email address, or '' / null for "not set". */
const optionalEmail = z.union([z.literal(''), senderEmail]).nullable();

/** One sender setting as the email settings dialog keeps it: typed text, or a saved token's name. */
export const templateSenderValueSchema = z.object({
  type: z.enum(['text', 'token']),
  value: z.string().trim().max(1000),
});
export type TemplateSenderValue = z.infer<typeof templateSenderValueSchema>;

/**
 * How each sender field is filled (spec 3 `sender_meta`). A `token` value is the token's name and is
 * rendered for each recipient; a `text` value is used as typed. When present it wins over
 * `from_email` / `reply_to`, which keep the typed values.
 */
export const templateSenderMetaSchema = z.object({
  from_name: templateSenderValueSchema.nullable().optional(),
  from_email: templateSenderValueSchema.nullable().optional(),
  reply_to: templateSenderValueSchema.nullable().optional(),
});
export type TemplateSenderMeta = z.infer<typeof templateSenderMetaSchema>;

const senderMetaInput = templateSenderMetaSchema.superRefine((meta, ctx) => {
  for (const key of ['from_name', 'from_email', 'reply_to'] as const) {
    const entry = meta[key];
    if (!entry) continue;
    if (entry.type === 'token' && !entry.value) {
      ctx.addIssue({ code: 'custom', path: [key, 'value'], message: templateMessages.tokenRequired });
    }
    if (
      entry.type === 'text' &&
      key !== 'from_name' &&
      entry.value &&
      !senderEmail.safeParse(entry.value).success
    ) {
      ctx.addIssue({ code: 'custom', path: [key, 'value'], message: templateMessages.invalidEmail });
    }
  }
});

export const templateFromEmailSchema = z.object({ name: z.string(), email: z.string() });
export type TemplateFromEmail = z.infer<typeof templateFromEmailSchema>;
const fromEmailInput = z.object({
  name: z.string().trim().max(255),
  email: optionalEmail.transform((v) => v ?? ''),
});

/** The visual editor's design (GrapesJS project data); null for HTML templates and imported HTML. */
export const templateDesignSchema = z.record(z.string(), z.unknown());
const designInput = templateDesignSchema
  .nullable()
  .refine((design) => design === null || utf8Bytes(JSON.stringify(design)) <= TEMPLATE_DESIGN_MAX_BYTES, {
    error: templateMessages.designTooLarge,
  });
const contentInput = z
  .string()
  .refine(
    (html) => html.length <= TEMPLATE_CONTENT_MAX_BYTES && utf8Bytes(html) <= TEMPLATE_CONTENT_MAX_BYTES,
    {
      error: templateMessages.contentTooLarge,
    },
  );

export const templateUserSchema = z.object({ id: z.string(), name: z.string() });

/** Spec 3 "Template". `type` is the asset kind, always 'email'. */
export const templateSchema = z.object({
  template_id: z.string(),
  name: z.string(),
  type: z.literal('email'),
  template_type: templateTypeSchema,
  subject: z.string().nullable(),
  content: z.string().nullable(),
  content_json: templateDesignSchema.nullable(),
  from_email: templateFromEmailSchema.nullable(),
  reply_to: z.string().nullable(),
  sender_meta: templateSenderMetaSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: templateUserSchema.nullable(),
  updated_by: templateUserSchema.nullable(),
});
export type Template = z.infer<typeof templateSchema>;

/** A list row: the template without its HTML and design; `has_content` tells whether it has an HTML body. */
export const templateSummarySchema = templateSchema.omit({ content: true, content_json: true }).extend({
  has_content: z.boolean(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

/**
 * Spec 3 "Gallery item". `template_preview` is the URL path of the starter's preview image (a PNG
 * served by `templateVisualPreviewContract`), usable as an `<img src>` on the product's origin.
 */
export const templateGalleryItemSchema = z.object({
  template_name: z.string(),
  template_preview: z.string(),
});
export type TemplateGalleryItem = z.infer<typeof templateGalleryItemSchema>;

/**
 * Who receives a test email: the 'Receive as' person as the person lookup selects it
 * (`PersonSelection.ref`; spec 7 `person_ids` items). The mail goes to the person's stored address.
 */
export const templateRecipientSchema = z.object({
  id: z.uuid({ error: templateMessages.personNotFound }),
  email: z
    .string({ error: templateMessages.validEmailRequired })
    .trim()
    .max(254)
    .check(z.email({ error: templateMessages.validEmailRequired })),
  org_id: z.string().trim().max(255).nullable().default(null),
  product_user_id: z.string().trim().max(255).nullable().default(null),
});
export type TemplateRecipient = z.infer<typeof templateRecipientSchema>;

const templateId = z.object({ template_id: z.uuid({ error: templateMessages.notFound }) });
const path = (p: string) => `/assets/templates${p}`;

export const templateSearchFieldSchema = z.enum(['name', 'subject']);

export const templatesListContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/list'),
  access: 'bearer',
  /** Newest change first; `keyword` matches any of `fields` (default: name), case-insensitively. */
  request: pageRequestSchema.extend({ query: searchQuerySchema(templateSearchFieldSchema) }),
  response: pageInfoSchema.extend({ records: z.array(templateSummarySchema) }),
});

export const templateGetContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/get'),
  access: 'bearer',
  request: templateId,
  response: z.object({ template: templateSchema }),
});

export const templateCreateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/create'),
  access: 'bearer',
  /** `content` / `content_json` start it from a starter design (template.json). */
  request: z.object({
    name: templateNameSchema,
    template_type: templateTypeSchema,
    content: contentInput.nullable().optional(),
    content_json: designInput.optional(),
  }),
  response: z.object({ template: templateSchema }),
});

/**
 * Saves the editor: only the fields sent change (null clears one). A draft may be incomplete;
 * subject and content are required only to send.
 */
export const templateUpdateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/update'),
  access: 'bearer',
  request: templateId.extend({
    name: templateNameSchema.optional(),
    subject: z.string().max(1000).nullable().optional(),
    content: contentInput.nullable().optional(),
    content_json: designInput.optional(),
    from_email: fromEmailInput.nullable().optional(),
    reply_to: optionalEmail.optional(),
    sender_meta: senderMetaInput.nullable().optional(),
  }),
  response: z.object({ template: templateSchema }),
});

export const templateNameUpdateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/name.update'),
  access: 'bearer',
  request: templateId.extend({ name: templateNameSchema }),
  response: z.object({ template: templateSchema }),
});

export const templateDeleteContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/delete'),
  access: 'bearer',
  request: templateId,
  response: z.object({ success: z.literal(true) }),
});

/** Copies a template; the copy is named `name`, or 'Copy of {name}' by default. */
export const templateCloneContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/template.clone'),
  access: 'bearer',
  request: templateId.extend({ name: templateNameSchema.optional() }),
  response: z.object({ template: templateSchema }),
});

/** The starter gallery shipped with the product (the dialog titled 'Templates'). */
export const templateVisualListContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/visual.list'),
  access: 'bearer',
  request: emptyRequest,
  response: z.object({ templates: z.array(templateGalleryItemSchema) }),
});

/** A starter's design by its `template_name`: the HTML, and the visual design when there is one (else the editor imports the HTML). */
export const templateJsonContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/template.json'),
  access: 'bearer',
  request: z.object({ name: z.string().trim().min(1, { error: templateMessages.starterNotFound }).max(255) }),
  response: z.object({ content: z.string(), content_json: templateDesignSchema.nullable() }),
});

/** GET `?name={template_name}`: a starter's preview image (image/png). Public: an `<img>` sends no bearer token. */
export const templateVisualPreviewContract = defineEndpoint({
  service: 'campaign',
  method: 'GET',
  path: path('/visual.preview'),
  access: 'public',
  request: z.object({ name: z.string().trim().min(1).max(255) }),
  response: z.unknown(),
  produces: 'image/png',
});

/**
 * The test send ('Send test email'): renders the editor's current subject and content for each
 * 'Receive as' person and mails it to that person, from the template's sender (else the
 * organisation's email settings, else the platform sender).
 */
export const templateSendEmailContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/send.email'),
  access: 'bearer',
  request: templateId.extend({
    subject: z
      .string({ error: templateMessages.subjectEmpty })
      .trim()
      .min(1, { error: templateMessages.subjectEmpty })
      .max(1000),
    content: z
      .string({ error: templateMessages.contentEmpty })
      .refine((html) => html.trim().length > 0, { error: templateMessages.contentEmpty })
      .pipe(contentInput),
    from_email: fromEmailInput.nullable().optional(),
    reply_to: optionalEmail.optional(),
    sender_meta: senderMetaInput.nullable().optional(),
    person_ids: z
      .array(templateRecipientSchema)
      .min(1, { error: templateMessages.validEmailRequired })
      .max(10),
    campaign_context: campaignContextSchema.default('person'),
  }),
  response: z.object({ success: z.literal(true), recipients: z.array(z.string()) }),
});
