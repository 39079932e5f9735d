import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { devMailKeys } from './dev-mail-keys';
import { DEV_MAILS_PATH, devMailSchema } from './dev-mails.schemas';

export function getDevMail(id: string, signal?: AbortSignal) {
  return apiRequest(
    { method: 'GET', path: `${DEV_MAILS_PATH}/${encodeURIComponent(id)}`, response: devMailSchema },
    { signal },
  );
}

export function devMailQueryOptions(id: string) {
  return queryOptions({
    queryKey: devMailKeys.detail(id),
    queryFn: ({ signal }) => getDevMail(id, signal),
    staleTime: Infinity,
  });
}

export function useDevMail(id: string | null) {
  return useQuery({ ...devMailQueryOptions(id ?? ''), enabled: id !== null });
}
