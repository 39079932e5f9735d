import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../http/endpoint';
import { pageInfoSchema, pageRequestSchema, searchQuerySchema } from '../http/pagination';
import { personFieldTypeSchema } from './person-fields';
import { campaignContextSchema, personOrgMappingSchema } from './persons.contract';

/** Spec section 5 "Token", word for word. */
export const tokenMessages = {
  nameHasSpaces: 'Token name cannot have spaces in them',
  nameRequired: 'Token name is required',
  nameTaken: 'A token with this name already exists',
  fallbackRequired: 'Fallback value is required',
  descriptionRequired: 'Description is required',
  codeRequired: 'Token code is required',
  invalidSyntax: 'Invalid syntax',
  invalidToken: 'Invalid token',
  saveBeforePreview: 'Token should be updated and saved before preview',
  previewStale: 'Token preview not available now!',
  notFound: 'Token not found',
} as const;

/** Spec 5: 'Token type cannot be modified from X to Y'. */
export const tokenTypeChangeMessage = (from: TokenReturnType, to: TokenReturnType) =>
  `Token type cannot be modified from ${from} to ${to}`;

/** Spec 8 success toasts of the token screens. */
export const tokenToasts = {
  created: 'Token successfully created',
  updated: 'Token successfully updated',
  deleted: 'Token deleted successfully',
} as const;

export const tokenReturnTypeSchema = z.enum(['string', 'number', 'datetime', 'boolean', 'array', 'hashmap']);
export type TokenReturnType = z.infer<typeof tokenReturnTypeSchema>;

/** Types that fall back to empty: the fallback value is not asked for (spec 5). */
export const EMPTY_FALLBACK_TYPES: readonly TokenReturnType[] = ['array', 'hashmap'];

/** Limits of a token's texts. */
export const TOKEN_LIMITS = { name: 100, code: 20_000, description: 1000, defaultValue: 1000 } as const;

/** Spec 3 "Email token". `token` is the code (Liquid); a new token has empty code and type string. */
export const emailTokenSchema = z.object({
  token_id: z.string(),
  name: z.string(),
  token: z.string(),
  description: z.string(),
  default_value: z.string(),
  return_type: tokenReturnTypeSchema,
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
});
export type EmailToken = z.infer<typeof emailTokenSchema>;

/** A token name: no spaces, so it can be written `tokens.<name>` in a template. */
export const tokenNameSchema = z
  .string({ error: tokenMessages.nameRequired })
  .trim()
  .min(1, { error: tokenMessages.nameRequired })
  .max(TOKEN_LIMITS.name, { error: `Token name must be at most ${TOKEN_LIMITS.name} characters` })
  .refine((name) => !/\s/.test(name), { error: tokenMessages.nameHasSpaces });

export const tokenCodeSchema = z
  .string({ error: tokenMessages.codeRequired })
  .max(TOKEN_LIMITS.code, { error: `Token code must be at most ${TOKEN_LIMITS.code} characters` })
  .refine((code) => code.trim().length > 0, { error: tokenMessages.codeRequired });

/**
 * The editable definition of a token (the editor's form). The fallback may be empty here: the
 * service asks for it unless the code's type is array or hashmap ('Fallback value is required').
 */
export const tokenDefinitionSchema = z.object({
  token: tokenCodeSchema,
  description: z
    .string({ error: tokenMessages.descriptionRequired })
    .trim()
    .min(1, { error: tokenMessages.descriptionRequired })
    .max(TOKEN_LIMITS.description, {
      error: `Description must be at most ${TOKEN_LIMITS.description} characters`,
    }),
  default_value: z
    .string()
    .max(TOKEN_LIMITS.defaultValue, {
      error: `Fallback value must be at most ${TOKEN_LIMITS.defaultValue} characters`,
    })
    .default(''),
});

const tokenId = z.object({ token_id: z.uuid({ error: tokenMessages.notFound }) });

/** Spec 9: tokens are searched on their name. */
export const tokenSearchFieldSchema = z.enum(['name']);
const path = (p: string) => `/email-tokens${p}`;

export const tokensListContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/tokens.list'),
  access: 'bearer',
  /** Newest change first; `keyword` matches the name, case-insensitively. */
  request: pageRequestSchema.extend({ query: searchQuerySchema(tokenSearchFieldSchema) }),
  response: pageInfoSchema.extend({ records: z.array(emailTokenSchema) }),
});

/** Every token of the organisation, by name (the template editor's 'Add token' dialog). */
export const tokensListAllContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/tokens.list-all'),
  access: 'bearer',
  request: emptyRequest,
  response: z.object({ records: z.array(emailTokenSchema) }),
});

export const tokenGetContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/tokens.get'),
  access: 'bearer',
  request: tokenId,
  response: z.object({ token: emailTokenSchema }),
});

export const tokenCreateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/tokens.create'),
  access: 'bearer',
  request: z.object({ name: tokenNameSchema }),
  response: z.object({ token: emailTokenSchema }),
});

export const tokenUpdateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/tokens.update'),
  access: 'bearer',
  request: tokenId.extend({ name: tokenNameSchema.optional() }).extend(tokenDefinitionSchema.shape),
  response: z.object({ token: emailTokenSchema }),
});

export const tokenDeleteContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/tokens.delete'),
  access: 'bearer',
  request: tokenId,
  response: z.object({ token: emailTokenSchema }),
});

/** One entry of the function help panel (spec 2 "Tokens": name, description, sample, syntax). */
export const tokenFunctionSchema = z.object({
  name: z.string(),
  description: z.string(),
  sample: z.string(),
  syntax: z.string(),
});
export type TokenFunction = z.infer<typeof tokenFunctionSchema>;

export const tokenFunctionsListContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/functions.list'),
  access: 'bearer',
  request: emptyRequest,
  response: z.object({ functions: z.array(tokenFunctionSchema) }),
});

/** A person field a token can read, with the text to write in code (`person.first_name`). */
export const tokenColumnSchema = z.object({
  name: z.string(),
  display: z.string(),
  type: personFieldTypeSchema,
  custom: z.boolean(),
  variable: z.string(),
});
export type TokenColumn = z.infer<typeof tokenColumnSchema>;

export const tokenColumnsListContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/columns.list'),
  access: 'bearer',
  request: emptyRequest,
  response: z.object({ columns: z.array(tokenColumnSchema), person_org_mapping: personOrgMappingSchema }),
});

/** Who a preview renders for: `PersonSelection.ref` of the person lookup. */
export const personRefSchema = z.object({
  id: z.uuid({ error: 'Invalid person id' }),
  email: z.string().max(254),
  org_id: z.string().max(255).nullable().default(null),
  product_user_id: z.string().max(255).nullable().default(null),
});
export type PersonRef = z.infer<typeof personRefSchema>;

/** One preview row: `column` is the token's name, `token` its value for the person. */
export const tokenPreviewRowSchema = z.object({
  email: z.string(),
  column: z.string(),
  token: z.string(),
  product_user_id: z.string().nullable(),
  org_id: z.string().nullable(),
  /** Why the fallback was used, or null. */
  error: z.string().nullable(),
});
export type TokenPreviewRow = z.infer<typeof tokenPreviewRowSchema>;

export const tokenPreviewContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/tokens.preview'),
  access: 'bearer',
  request: tokenId.extend({
    person_ids: z.array(personRefSchema).min(1).max(50),
    campaign_context: campaignContextSchema.default('person'),
  }),
  response: z.object({ result: z.array(tokenPreviewRowSchema) }),
});

/** Where a syntax error is, 1-based; null when the code fails without a known position. */
export const tokenErrorPositionSchema = z
  .object({ line: z.number().int(), column: z.number().int() })
  .nullable();

export const tokenVerifyResultSchema = z.union([
  z.object({
    error: z.object({
      position: tokenErrorPositionSchema,
      reason: z.string(),
      message: z.string().optional(),
    }),
  }),
  z.object({ return_type: tokenReturnTypeSchema }),
]);
export type TokenVerifyResult = z.infer<typeof tokenVerifyResultSchema>;

/** Checks code as typed: `reason` is 'Invalid syntax' with a position, otherwise 'Invalid token'. */
export const tokenCodeVerifyContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/tokens.verify'),
  access: 'bearer',
  request: z.object({
    token: z
      .string()
      .max(TOKEN_LIMITS.code, { error: `Token code must be at most ${TOKEN_LIMITS.code} characters` }),
  }),
  response: tokenVerifyResultSchema,
});
