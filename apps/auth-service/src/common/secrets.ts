import { createHash, randomBytes } from 'node:crypto';

/** A new opaque secret (session token, link token, login code): 32 random bytes, base64url. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of a secret: its SHA-256, hex. A database leak gives no usable token. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
