import { queryOptions, useQuery } from '@tanstack/react-query';
import { buildRequest } from '@/lib/api-client';
import { readJson, sendRequest, type CallOptions } from '@/lib/api-fetch';
import { DEV_MAILS_PATH, devMailKeys } from './dev-mail-keys';

/** A mail page's outline: enough to tell the capture from any other answer. */
export function isMailPage(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const page = body as Record<string, unknown>;
  return (
    Array.isArray(page.records) && Number.isInteger(page.total_count) && Number.isInteger(page.page_count)
  );
}

/**
 * Asks for one mail, checked by outline rather than with the schema library: the top navigation
 * asks on every signed-in screen, and the schemas load with the capture's own page.
 */
function checkCapture(options: CallOptions): Promise<true> {
  const query = { page_number: 1, page_size: 1 };
  return sendRequest(
    {
      method: 'GET',
      path: DEV_MAILS_PATH,
      build: (token) => buildRequest({ method: 'GET', path: DEV_MAILS_PATH, query }, token),
      read: async (response, fail) => {
        if (!isMailPage(await readJson(response))) throw fail('invalid-response', response.status);
        return true as const;
      },
    },
    options,
  );
}

/**
 * The capture exists only in local mode: the page and its menu entry show only when the gateway
 * answers 200 with a mail page. Elsewhere the check fails quietly.
 */
export function devMailsAvailabilityOptions() {
  return queryOptions({
    queryKey: devMailKeys.availability(),
    queryFn: ({ signal }) => checkCapture({ signal, selfHandled: true }),
    meta: { selfHandled: true },
    staleTime: Infinity,
  });
}

export function useDevMailsAvailability() {
  return useQuery(devMailsAvailabilityOptions());
}
