import { z } from 'zod';
import { defineEvent } from './event';

/**
 * An API key was issued (auth -> integrations). Services that accept a key type (the Segment
 * ingest takes write keys of key_type 'segment') keep the hashes to verify keys without asking the
 * auth service on every request. The new key retires the organisation's earlier keys of its type,
 * listed by id. Carries the key's SHA-256 (hex) only, as auth stores it; never the key.
 */
export const apiKeyIssued = defineEvent({
  domain: 'auth',
  entity: 'api_key',
  event: 'issued',
  version: 1,
  payload: z.object({
    organisation_id: z.string(),
    key_id: z.string(),
    key_type: z.string(),
    key_hash: z.string(),
    retired_key_ids: z.array(z.string()),
  }),
  key: (p) => p.organisation_id,
});
