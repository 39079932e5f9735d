import type { CredentialsCipher } from '@meridian/server-kit';

/** A webhook row as stored: its headers in the sealed column, or (not sealed yet) in the plain one. */
export interface StoredHeaders {
  organisation_id: string;
  webhook_id: string;
  headers: Record<string, string> | null;
  headers_sealed: Buffer | null;
}

/** Bound into the seal: headers copied onto another webhook (or organisation) do not open. */
const contextOf = (organisationId: string, webhookId: string) =>
  `webhook-headers:${organisationId}:${webhookId}`;

export function sealHeaders(
  cipher: CredentialsCipher,
  organisationId: string,
  webhookId: string,
  headers: Record<string, string>,
): Buffer {
  return cipher.seal(JSON.stringify(headers), contextOf(organisationId, webhookId));
}

/** The headers a webhook sends: opened from the sealed column, else the plain one. */
export function openHeaders(cipher: CredentialsCipher, row: StoredHeaders): Record<string, string> {
  if (!row.headers_sealed) return row.headers ?? {};
  return JSON.parse(
    cipher.open(row.headers_sealed, contextOf(row.organisation_id, row.webhook_id)),
  ) as Record<string, string>;
}
