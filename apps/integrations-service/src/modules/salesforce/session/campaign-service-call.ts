import type { Endpoint } from '@meridian/contracts';
import { CORRELATION_HEADER, currentCorrelationId } from '@meridian/server-kit';

const TIMEOUT_MS = 15_000;

/**
 * A call to the campaign service (the owner of persons, fields and lists) with the caller's own
 * bearer token, so the owner applies its tenant rules; never a copy of its data kept here. The
 * request's correlation id travels along.
 */
export function callCampaignService(
  campaignServiceUrl: string,
  contract: Endpoint,
  body: object,
  bearerToken: string,
): Promise<Response> {
  const correlationId = currentCorrelationId();
  return fetch(`${campaignServiceUrl}${contract.fullPath}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${bearerToken}`,
      'content-type': 'application/json',
      ...(correlationId ? { [CORRELATION_HEADER]: correlationId } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}
