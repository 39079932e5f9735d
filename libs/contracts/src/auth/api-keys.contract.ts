import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../http/endpoint';
import { authMessages, requiredString } from './fields';

/** The 403 description for a non-admin creating or refreshing a key (decisions, "Admin-only actions"). */
export const ADMINS_ONLY_API_KEYS = 'Only admins can create or refresh API keys';

/** Spec section 3, "API key": label and key_type (for example 'segment'). */
export const apiKeySchema = z.object({
  id: z.string(),
  label: z.string(),
  key_type: z.string(),
  /** The key's first characters, to tell keys apart; the key itself is never shown again. */
  prefix: z.string(),
  created_by_id: z.string().nullable(),
  time_created: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/api-key/list',
  access: 'bearer',
  request: emptyRequest,
  response: z.object({ api_keys: z.array(apiKeySchema) }),
});

/**
 * Issues a key of a type and retires the organisation's earlier keys of that type
 * ('Refresh API Keys'). `api_key.key` is in this answer only. Admins only: 403
 * `ForbiddenException` with ADMINS_ONLY_API_KEYS otherwise.
 */
export const apiKeyCreateContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/api-key/create',
  access: 'bearer',
  request: z.object({
    label: requiredString(authMessages.labelRequired).max(200),
    key_type: requiredString(authMessages.keyTypeRequired).regex(/^[a-z][a-z0-9_]{0,31}$/, {
      error: 'Key type must be lower-case letters, digits or underscores',
    }),
  }),
  response: z.object({ api_key: apiKeySchema.extend({ key: z.string() }) }),
});
