import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * Credentials at rest: AES-256-GCM with a fresh 96-bit nonce per seal. The sealed bytes carry the
 * id of the key that sealed them, so keys rotate without a flag day: a new key goes first in the
 * list (it seals from then on), the old ones stay to open what they sealed, and rows are resealed
 * with the current key when next opened. The organisation and connection ids are bound in as
 * associated data: a secret copied onto another row does not open.
 *
 * Layout: version (1 byte = 1) | key id length (1) | key id (utf8) | nonce (12) | tag (16) | ciphertext.
 */
const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export interface CredentialKey {
  id: string;
  key: Buffer;
}

/**
 * Local mode's default key, public on purpose (it is in the README): it keeps a developer's
 * embedded database readable across restarts. Production refuses to start without its own keys.
 */
export const LOCAL_DEFAULT_KEYS = 'local-dev:bWVyaWRpYW4tbG9jYWwtZGV2LWtleS0zMi1ieXRlcyE=';

/** `id:base64,id:base64`: ids of letters, digits, '-', '_', '.'; keys of exactly 32 bytes. */
export const credentialKeysSchema = z.string().transform((value, ctx) => {
  const keys: CredentialKey[] = [];
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')) {
    const match = /^([A-Za-z0-9._-]{1,64}):([A-Za-z0-9+/=_-]+)$/.exec(entry);
    const key = match ? Buffer.from(match[2]!, 'base64') : null;
    if (!match || !key || key.length !== 32) {
      ctx.addIssue({ code: 'custom', message: 'each key must be id:base64 of 32 bytes' });
      return z.NEVER;
    }
    if (keys.some((known) => known.id === match[1])) {
      ctx.addIssue({ code: 'custom', message: `key id ${match[1]} appears twice` });
      return z.NEVER;
    }
    keys.push({ id: match[1]!, key });
  }
  if (keys.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'at least one key is needed' });
    return z.NEVER;
  }
  return keys;
});

export class CredentialsCipher {
  private readonly current: CredentialKey;
  private readonly byId: Map<string, Buffer>;

  constructor(keys: readonly CredentialKey[]) {
    if (keys.length === 0) throw new Error('At least one credentials key is needed');
    this.current = keys[0]!;
    this.byId = new Map(keys.map((entry) => [entry.id, entry.key]));
  }

  seal(plain: string, context: string): Buffer {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const id = Buffer.from(this.current.id, 'utf8');
    return Buffer.concat([Buffer.from([VERSION, id.length]), id, nonce, cipher.getAuthTag(), body]);
  }

  open(sealed: Buffer, context: string): string {
    const { keyId, nonce, tag, body } = parse(sealed);
    const key = this.byId.get(keyId);
    if (!key) throw new Error(`Credentials were sealed with key ${keyId}, which is not configured`);
    const decipher = createDecipheriv('aes-256-gcm', key, nonce);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }

  /** Whether sealed bytes were sealed with an older key (and should be resealed). */
  isStale(sealed: Buffer): boolean {
    return parse(sealed).keyId !== this.current.id;
  }

  get currentKeyId(): string {
    return this.current.id;
  }
}

function parse(sealed: Buffer) {
  if (sealed.length < 2 || sealed[0] !== VERSION) throw new Error('Unknown credentials format');
  const idLength = sealed[1]!;
  const start = 2 + idLength;
  if (sealed.length < start + NONCE_BYTES + TAG_BYTES) throw new Error('Truncated credentials');
  return {
    keyId: sealed.subarray(2, start).toString('utf8'),
    nonce: sealed.subarray(start, start + NONCE_BYTES),
    tag: sealed.subarray(start + NONCE_BYTES, start + NONCE_BYTES + TAG_BYTES),
    body: sealed.subarray(start + NONCE_BYTES + TAG_BYTES),
  };
}
