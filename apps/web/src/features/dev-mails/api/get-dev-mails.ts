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

export { useDevMailsAvailability } from './dev-mails-availability';

export function useDevMails(query: DevMailsQuery) {
  return useQuery(devMailsQueryOptions(query));
}
