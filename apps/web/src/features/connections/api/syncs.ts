import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  activityLogListContract,
  DEFAULT_PAGE_SIZE,
  warehouseDestinationTableListContract,
  warehouseSyncGetContract,
  warehouseSyncRunListContract,
  warehouseSyncSaveContract,
  warehouseSyncSummaryContract,
  warehouseSyncToggleContract,
  type RequestOf,
} from '@meridian/contracts';
import { apiCall } from '@/lib/api-client';
import { connectionKeys, syncKeys } from './connection-keys';

/** How often the detail page asks again while a sync may be running. */
const SUMMARY_REFRESH_MS = 15_000;

export function useSyncSummary(id: string) {
  return useQuery({
    queryKey: syncKeys.summary(id),
    queryFn: ({ signal }) =>
      apiCall(warehouseSyncSummaryContract, { connection_id: id }, { signal }).then((r) => r.summary),
    refetchInterval: SUMMARY_REFRESH_MS,
  });
}

export function useSyncStructure(id: string) {
  return useQuery({
    queryKey: syncKeys.structure(id),
    queryFn: ({ signal }) =>
      apiCall(warehouseSyncGetContract, { connection_id: id }, { signal }).then((r) => r.sync),
  });
}

export interface RunQuery {
  page_number: number;
  page_size?: number;
  start_time: string;
  /** Left out: up to now, so runs started after the page opened show too. */
  end_time?: string;
}

export function useSyncRuns(id: string, query: RunQuery) {
  return useQuery({
    queryKey: syncKeys.runs(id, query),
    queryFn: ({ signal }) =>
      apiCall(
        warehouseSyncRunListContract,
        { connection_id: id, page_size: DEFAULT_PAGE_SIZE, ...query },
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: SUMMARY_REFRESH_MS,
  });
}

export function useActivityLog(id: string, page: number) {
  return useQuery({
    queryKey: syncKeys.activity(id, page),
    queryFn: ({ signal }) =>
      apiCall(
        activityLogListContract,
        { connection_id: id, page_number: page, page_size: DEFAULT_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useDestinationTables(id: string) {
  return useQuery({
    queryKey: syncKeys.destinations(id),
    queryFn: ({ signal }) =>
      apiCall(warehouseDestinationTableListContract, { connection_id: id }, { signal }).then((r) => r.tables),
  });
}

/** Saving fails with the rules' messages, shown as one toast by the screen. */
export function useSaveSync() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { selfHandled: true },
    mutationFn: (input: RequestOf<typeof warehouseSyncSaveContract>) =>
      apiCall(warehouseSyncSaveContract, input, { selfHandled: true }).then((r) => r.sync),
    onSuccess: (sync) => {
      queryClient.setQueryData(syncKeys.structure(sync.connection_id), sync);
      void queryClient.invalidateQueries({ queryKey: syncKeys.of(sync.connection_id) });
      void queryClient.invalidateQueries({ queryKey: syncKeys.destinationLists() });
      return queryClient.invalidateQueries({ queryKey: connectionKeys.all });
    },
  });
}

export function useToggleSync(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiCall(warehouseSyncToggleContract, { connection_id: id, sync_enabled: enabled }).then(
        (r) => r.summary,
      ),
    onSuccess: (summary) => {
      queryClient.setQueryData(syncKeys.summary(id), summary);
      void queryClient.invalidateQueries({ queryKey: syncKeys.of(id) });
      return queryClient.invalidateQueries({ queryKey: connectionKeys.all });
    },
  });
}
