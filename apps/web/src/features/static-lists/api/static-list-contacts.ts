import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { apiDownload, apiUpload, saveBlob } from '@/lib/api-transfer';
import {
  DEFAULT_PAGE_SIZE,
  staticListContactsListContract,
  staticListContactsRemoveAllContract,
  staticListContactsRemoveContract,
  staticListFileInsertContract,
  staticListFileStatusContract,
  staticListFileUploadContract,
  staticListMatchContract,
  staticListQueryInsertContract,
  staticListQueryPreviewContract,
  staticListTemplateDownloadContract,
  type AudienceQuery,
} from '@meridian/contracts';
import { staticListKeys, type StaticListContactsQuery } from './static-list-keys';

export function useStaticListContacts(id: string, query: StaticListContactsQuery, enabled: boolean) {
  return useQuery({
    queryKey: staticListKeys.contactPage(id, query),
    queryFn: ({ signal }) =>
      apiCall(
        staticListContactsListContract,
        {
          ...query,
          static_list_id: id,
          page_size: DEFAULT_PAGE_SIZE,
          search_keyword: query.search_keyword || undefined,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Membership changed: the contacts, the list's count and the lists overview are stale. */
function useInvalidateList(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: staticListKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: staticListKeys.lists() }),
    ]);
}

export function useRemoveListContacts(id: string) {
  const invalidate = useInvalidateList(id);
  return useMutation({
    mutationFn: (emails: string[] | 'all') =>
      emails === 'all'
        ? apiCall(staticListContactsRemoveAllContract, { static_list_id: id })
        : apiCall(staticListContactsRemoveContract, { static_list_id: id, emails }),
    onSuccess: invalidate,
  });
}

export function uploadListFile(id: string, file: File) {
  return apiUpload(
    staticListFileUploadContract,
    { files: { file }, fields: { static_list_id: id } },
    { selfHandled: true },
  );
}

export function listFileStatus(id: string, filepath: string) {
  return apiCall(staticListFileStatusContract, { static_list_id: id, filepath }, { selfHandled: true });
}

export function matchListFile(id: string, filepath: string) {
  return apiCall(staticListMatchContract, { static_list_id: id, filepath }, { selfHandled: true });
}

export function useInsertListFile(id: string) {
  const invalidate = useInvalidateList(id);
  return useMutation({
    mutationFn: (filename: string) => apiCall(staticListFileInsertContract, { static_list_id: id, filename }),
    onSuccess: invalidate,
  });
}

export async function downloadListTemplate() {
  const { blob, filename } = await apiDownload(staticListTemplateDownloadContract);
  saveBlob(blob, filename ?? 'static-list-template.csv');
}

/** The people a dynamic list query would add (its first 20 and the total). */
export function previewListQuery(query: AudienceQuery, signal: AbortSignal) {
  return apiCall(staticListQueryPreviewContract, { query }, { signal, selfHandled: true });
}

export function useInsertListQuery(id: string) {
  const invalidate = useInvalidateList(id);
  return useMutation({
    mutationFn: (query: AudienceQuery) =>
      apiCall(staticListQueryInsertContract, { static_list_id: id, query }),
    onSuccess: invalidate,
  });
}
