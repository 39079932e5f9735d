import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type CallOptions } from '@/lib/api-client';
import { devMailKeys } from './dev-mail-keys';
import {
  DEV_MAILS_PATH,
  devMailPageSchema,
  devMailsQuerySchema,
  type DevMailsQuery,
} from './dev-mails.schemas';

export function getDevMails(query: DevMailsQuery, options: CallOptions = {}) {
  const { to, ...paging } = devMailsQuerySchema.parse(query);
  return apiRequest(
    {
      method: 'GET',
      path: DEV_MAILS_PATH,
      query: { ...paging, ...(to ? { to } : {}) },
      response: devMailPageSchema,
    },
    options,
  );
}

export function devMailsQueryOptions(query: DevMailsQuery) {
  return queryOptions({
    queryKey: devMailKeys.list(query),
    queryFn: ({ signal }) => getDevMails(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDevMails(query: DevMailsQuery) {
  return useQuery(devMailsQueryOptions(query));
}

/**
 * The capture exists only in local mode: the page and its menu entry show only when the gateway
 * answers 200 with a mail page. Elsewhere the check fails quietly.
 */
export function devMailsAvailabilityOptions() {
  return queryOptions({
    queryKey: devMailKeys.availability(),
    queryFn: ({ signal }) =>
      getDevMails({ page_number: 1, page_size: 1 }, { signal, selfHandled: true }).then(() => true),
    meta: { selfHandled: true },
    staleTime: Infinity,
  });
}

export function useDevMailsAvailability() {
  return useQuery(devMailsAvailabilityOptions());
}
