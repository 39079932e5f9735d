import type { ClientConfig, clientConfigContract } from '@meridian/contracts';
import { apiSend, type EndpointAddress } from './api-send';

/** `client.config` by address: the reporter and the signed-in frame read it without the schema library. */
export const clientConfigAddress: EndpointAddress<typeof clientConfigContract> = {
  method: 'GET',
  fullPath: '/api/auth/v1/accounts/client.config',
  access: 'public',
};

/** What an unset configuration answers, and what a failed read means: nothing third-party. */
export const NO_THIRD_PARTIES: ClientConfig = {
  support_widget_url: null,
  error_reporting_dsn: null,
  internal_domain: '',
};

/** A slow answer must not hold a report or the widget for the browser's five minutes. */
const READ_TIMEOUT_MS = 10_000;

const isStringOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

/**
 * The answer under the same rules as the contract's `clientConfigSchema` (unit-tested against
 * it), or null.
 */
export function readClientConfig(value: unknown): ClientConfig | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { support_widget_url, error_reporting_dsn, internal_domain } = value as Record<string, unknown>;
  if (!isStringOrNull(support_widget_url) || !isStringOrNull(error_reporting_dsn)) return null;
  if (typeof internal_domain !== 'string') return null;
  return { support_widget_url, error_reporting_dsn, internal_domain };
}

/**
 * Reads the configuration once and keeps the answer for the page's life; every failure (no
 * answer, an error status, a malformed body) resolves to `NO_THIRD_PARTIES`, never rejects.
 * A cached promise rather than a query: the error reporter reads it outside React, and the crash
 * screen can show where no query client exists.
 */
export function createClientConfigLoader(
  read: () => Promise<unknown> = () =>
    apiSend(clientConfigAddress, {}, { selfHandled: true, timeoutMs: READ_TIMEOUT_MS }),
): () => Promise<ClientConfig> {
  let pending: Promise<ClientConfig> | null = null;
  return () => {
    pending ??= Promise.resolve()
      .then(read)
      .then(
        (answer) => readClientConfig(answer) ?? NO_THIRD_PARTIES,
        () => NO_THIRD_PARTIES,
      );
    return pending;
  };
}

/** The app's one read of `client.config`. */
export const loadClientConfig = createClientConfigLoader();
