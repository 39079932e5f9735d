import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_PREFIX } from '@meridian/contracts';
import { CONFIG } from '@meridian/server-kit';
import type { CampaignConfig } from '../../../config';
import { PersonalisationKeysRepository } from './personalisation-keys.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type LinkSigner = (orgId: string, personId: string) => string;

/** Signs `<org>.<person>`; the signature is a truncated HMAC-SHA256, base64url. */
export function signerFor(key: Buffer, baseUrl: string): LinkSigner {
  const prefix = `${baseUrl.replace(/\/+$/, '')}${SERVICE_PREFIX.campaign}/unsubscribe/`;
  return (orgId, personId) => `${prefix}${unsubscribeToken(key, orgId, personId)}`;
}

export function unsubscribeToken(key: Buffer, orgId: string, personId: string): string {
  const payload = `${orgId}.${personId}`;
  return `${payload}.${signature(key, payload)}`;
}

function signature(key: Buffer, payload: string): string {
  return createHmac('sha256', key)
    .update(`unsubscribe:${payload}`)
    .digest()
    .subarray(0, 24)
    .toString('base64url');
}

export function verifyUnsubscribeToken(
  key: Buffer,
  token: string,
): { orgId: string; personId: string } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [orgId = '', personId = '', given = ''] = parts;
  if (!UUID.test(orgId) || !UUID.test(personId)) return null;
  const expected = Buffer.from(signature(key, `${orgId}.${personId}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return { orgId, personId };
}

/** One-click unsubscribe links: signed per person with a key kept in the database. */
@Injectable()
export class UnsubscribeLinks {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly keys: PersonalisationKeysRepository,
    @Inject(CONFIG) private readonly config: CampaignConfig,
  ) {}

  private loadKey(): Promise<Buffer> {
    this.key ??= this.keys.unsubscribeKey().catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  /** The key campaign mail's tracking tokens are signed with (under their own domain label). */
  signingKey(): Promise<Buffer> {
    return this.loadKey();
  }

  /** A signer for many links at once (one key load, then pure HMACs). */
  async signer(): Promise<LinkSigner> {
    return signerFor(await this.loadKey(), this.config.PUBLIC_BASE_URL);
  }

  async linkFor(orgId: string, personId: string): Promise<string> {
    return (await this.signer())(orgId, personId);
  }

  async verify(token: string): Promise<{ orgId: string; personId: string } | null> {
    if (token.length > 200) return null;
    return verifyUnsubscribeToken(await this.loadKey(), token);
  }
}
