/**
 * Why an outbound call produced no response. Messages name the host at most, never the full URL,
 * its query or its credentials, so they are safe to log and to show.
 */
export type OutboundFailureReason =
  'refused' | 'timeout' | 'dns' | 'connection' | 'redirects' | 'invalid_url';

export const outboundMessages = {
  refused: 'Requests to internal addresses are not allowed',
  invalidUrl: 'Only http and https URLs can be called',
  timeout: (seconds: number) => `The request timed out after ${formatSeconds(seconds)}`,
  connectTimeout: (host: string, seconds: number) =>
    `Could not connect to ${host} within ${formatSeconds(seconds)}`,
  dns: (host: string) => `Could not resolve the host ${host}`,
  connection: (host: string, code: string) => `Could not connect to ${host} (${code})`,
  redirects: (max: number) => `Too many redirects (more than ${max})`,
} as const;

function formatSeconds(seconds: number): string {
  const rounded = Math.round(seconds * 10) / 10;
  return `${rounded} second${rounded === 1 ? '' : 's'}`;
}

export class OutboundHttpError extends Error {
  constructor(
    readonly reason: OutboundFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundHttpError';
  }
}
