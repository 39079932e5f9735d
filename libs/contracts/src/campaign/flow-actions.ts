import { z } from 'zod';

/** Spec section 5, the flow steps' messages word for word (plus ours where the spec has none). */
export const flowMessages = {
  fieldsInvalid: 'Fields are invalid',
  subjectEmpty: 'Email subject should not be empty',
  senderNameEmpty: 'Sender name should not be empty',
  emailInvalid: 'Please enter a valid email address',
  sendFromEmpty: 'Send from should not be empty',
  replyToEmpty: 'Reply to should not be empty',
  templateRequired: 'Select an email template',
  delayInvalid: 'Invalid delay',
  internalEmailsInvalid: 'Enter valid email id',
  staticListRequired: 'Static list is required',
  webhookRequired: 'Webhook is required',
  salesforceRequired: 'Salesforce connection is required',
  filterConditionRequired: 'Add condition for branching',
  conditionsRequired: 'Add conditions for branching',
  optionEmpty: "Option can't be empty",
  valueEmpty: 'value cannot be empty',
  operationsRequired: 'Updation operations are required',
  fieldRequired: 'Field is required',
  actionRequired: 'Action is required',
  tokenRequired: 'Valid token is required',
  customValueInvalid: 'Value is not valid',
  numberInvalid: 'Enter a valid number',
  // Ours: the spec says a field may be used in one operation only, without a message.
  fieldTaken: 'Field is already used in another operation',
} as const;

/** The internal action type names of spec 3. */
export const actionTypeSchema = z.enum([
  'send_email',
  'send_internal_email',
  'delay',
  'webhook',
  'add_to_static_list',
  'remove_from_static_list',
  'branch_by_filter',
  'branch_by_token',
  'branch_by_value',
  'salesforce_manual_sync',
  'update_value',
]);
export type ActionType = z.infer<typeof actionTypeSchema>;
export const branchActionTypes = ['branch_by_filter', 'branch_by_token', 'branch_by_value'] as const;
export type BranchActionType = (typeof branchActionTypes)[number];
export const isBranchActionType = (type: string): type is BranchActionType =>
  (branchActionTypes as readonly string[]).includes(type);

/** Spec 2: the 'Add flow step' modal's groups and steps, in order. */
export const flowStepCatalogue: readonly {
  group: string;
  steps: readonly { type: ActionType; label: string }[];
}[] = [
  {
    group: 'Email Actions',
    steps: [
      { type: 'send_email', label: 'Send email' },
      { type: 'send_internal_email', label: 'Send internal email alert' },
    ],
  },
  {
    group: 'Workflow Controls',
    steps: [
      { type: 'delay', label: 'Add delay' },
      { type: 'branch_by_filter', label: 'Branch by filter' },
      { type: 'branch_by_token', label: 'Branch by token' },
      { type: 'branch_by_value', label: 'Branch by value' },
    ],
  },
  {
    group: 'Integrations',
    steps: [
      { type: 'webhook', label: 'Run webhook' },
      { type: 'salesforce_manual_sync', label: 'Sync to Salesforce' },
    ],
  },
  {
    group: 'List Actions',
    steps: [
      { type: 'add_to_static_list', label: 'Add to static list' },
      { type: 'remove_from_static_list', label: 'Remove from static list' },
    ],
  },
  { group: 'Data Actions', steps: [{ type: 'update_value', label: 'Update value' }] },
];

/** A required reference or text: missing, blank and whitespace-only all give the one message. */
export const flowRequiredText = (message: string, max = 1000) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, { error: message });

const isEmail = (value: string) => z.email().safeParse(value).success;

/** Spec 3: sender fields may hold typed text or a token that fills them per person. */
export const senderSourceSchema = z.enum(['text', 'token']);
export const senderMetaSchema = z.object({
  from_email: senderSourceSchema.optional(),
  reply_to: senderSourceSchema.optional(),
  from_name: senderSourceSchema.optional(),
});

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/** Typed text must be an email; a token is checked when the token is picked. */
function senderEmail(
  value: unknown,
  source: string | undefined,
  ctx: z.RefinementCtx,
  path: string[],
  empty: string,
) {
  if (blank(value)) ctx.addIssue({ code: 'custom', path, message: empty });
  else if (source !== 'token' && !isEmail(String(value).trim()))
    ctx.addIssue({ code: 'custom', path, message: flowMessages.emailInvalid });
}

/**
 * Checked field by field in one pass, so the side panel shows every message at once (a failed
 * field of a plain object schema would hide the sender checks).
 */
export const sendEmailOptionsSchema = z
  .object({
    template_id: z.string().max(100).optional(),
    subject: z.string().max(1000).optional(),
    from_email: z
      .object({ name: z.string().max(200).optional(), email: z.string().max(254).optional() })
      .optional(),
    reply_to: z.string().max(254).optional(),
    sender_meta: senderMetaSchema.optional(),
  })
  .superRefine((options, ctx) => {
    const issue = (path: string[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (blank(options.template_id)) issue(['template_id'], flowMessages.templateRequired);
    if (blank(options.subject)) issue(['subject'], flowMessages.subjectEmpty);
    if (blank(options.from_email?.name)) issue(['from_email', 'name'], flowMessages.senderNameEmpty);
    const meta = options.sender_meta;
    senderEmail(
      options.from_email?.email,
      meta?.from_email,
      ctx,
      ['from_email', 'email'],
      flowMessages.sendFromEmpty,
    );
    senderEmail(options.reply_to, meta?.reply_to, ctx, ['reply_to'], flowMessages.replyToEmpty);
  });

/** Spec 9: delay units days, hours, minutes. */
export const delayUnitSchema = z.enum(['days', 'hours', 'minutes']);
export const delayOptionsSchema = z.object({
  // Spec 5: a non-zero, digits-only number; the panel's text input may send the digits as text.
  delay_value: z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,9}$/)
          .transform(Number),
      ],
      { error: flowMessages.delayInvalid },
    )
    .pipe(z.number().int({ error: flowMessages.delayInvalid }).min(1, { error: flowMessages.delayInvalid })),
  delay_unit: z.enum(delayUnitSchema.options, { error: flowMessages.delayInvalid }),
});

/** Spec 5: 'Send to' is a comma-separated list, trimmed, with empties dropped. */
export function parseEmailList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export const internalEmailOptionsSchema = z.object({
  template_id: flowRequiredText(flowMessages.templateRequired, 100),
  internal_emails: z
    .array(z.string(), { error: flowMessages.internalEmailsInvalid })
    .min(1, { error: flowMessages.internalEmailsInvalid })
    .max(50, { error: flowMessages.internalEmailsInvalid })
    .refine((emails) => emails.every((email) => isEmail(email.trim())), {
      error: flowMessages.internalEmailsInvalid,
    }),
});

export const staticListOptionsSchema = z.object({
  static_list_id: flowRequiredText(flowMessages.staticListRequired, 100),
});
export const webhookOptionsSchema = z.object({
  webhook_id: flowRequiredText(flowMessages.webhookRequired, 100),
});
export const salesforceOptionsSchema = z.object({
  connection_id: flowRequiredText(flowMessages.salesforceRequired, 100),
});
