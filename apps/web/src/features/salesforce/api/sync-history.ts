import {
  salesforceHistoryDetailsContract,
  salesforceSyncRunsListContract,
  type SalesforceSyncRunsListRequest,
} from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { monitorKeys } from './monitor-keys';

/** How often the history asks again: a run in progress moves on by itself. */
const HISTORY_REFRESH_MS = 15_000;

export function useHistoryDetails(connectionId: string) {
  return useQuery({
    queryKey: monitorKeys.details(connectionId),
    queryFn: ({ signal }) =>
      apiCall(salesforceHistoryDetailsContract, { connection_id: connectionId }, { signal }),
    refetchInterval: HISTORY_REFRESH_MS,
  });
}

export type RunsQuery = Omit<SalesforceSyncRunsListRequest, 'connection_id'>;

export function useSyncRuns(connectionId: string, query: RunsQuery) {
  return useQuery({
    queryKey: monitorKeys.runs(connectionId, query),
    queryFn: ({ signal }) =>
      apiCall(salesforceSyncRunsListContract, { connection_id: connectionId, ...query }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: HISTORY_REFRESH_MS,
  });
}
