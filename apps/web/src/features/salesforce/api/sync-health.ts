import {
  salesforceErrorArchiveContract,
  salesforceErrorClassQueryContract,
  salesforceErrorsListContract,
  salesforceErrorsResyncContract,
  salesforceErrorsTypesContract,
  type RequestOf,
} from '@meridian/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { monitorKeys } from './monitor-keys';

export function useErrorTypes(connectionId: string) {
  return useQuery({
    queryKey: monitorKeys.errorTypes(connectionId),
    queryFn: ({ signal }) =>
      apiCall(salesforceErrorsTypesContract, {}, { signal }).then((r) => r.error_types),
    staleTime: Infinity,
  });
}

export type ErrorsQuery = Omit<RequestOf<typeof salesforceErrorsListContract>, 'connection_id'>;

export function useErrorsList(connectionId: string, query: ErrorsQuery) {
  return useQuery({
    queryKey: monitorKeys.errors(connectionId, query),
    queryFn: ({ signal }) =>
      apiCall(salesforceErrorsListContract, { connection_id: connectionId, ...query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type AffectedQuery = Omit<RequestOf<typeof salesforceErrorClassQueryContract>, 'connection_id'>;

export function useAffectedRecords(connectionId: string, query: AffectedQuery, enabled: boolean) {
  return useQuery({
    queryKey: monitorKeys.affected(connectionId, query),
    queryFn: ({ signal }) =>
      apiCall(salesforceErrorClassQueryContract, { connection_id: connectionId, ...query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

type BulkInput = Omit<RequestOf<typeof salesforceErrorsResyncContract>, 'connection_id'>;

/** RESYNC and ARCHIVE: both leave the listed errors, so the tab reads them again. */
export function useBulkErrorAction(connectionId: string, action: 'resync' | 'archive') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: BulkInput) => {
      const body = { connection_id: connectionId, ...input };
      if (action === 'resync') await apiCall(salesforceErrorsResyncContract, body);
      else await apiCall(salesforceErrorArchiveContract, body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monitorKeys.of(connectionId) }),
  });
}
