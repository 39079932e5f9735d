import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import {
  DEFAULT_PAGE_SIZE,
  staticListCreateContract,
  staticListDeleteContract,
  staticListGetContract,
  staticListRenameContract,
  staticListsListContract,
} from '@meridian/contracts';
import { staticListKeys, type StaticListsQuery } from './static-list-keys';

export function useStaticLists(query: StaticListsQuery) {
  return useQuery({
    queryKey: staticListKeys.list(query),
    queryFn: ({ signal }) =>
      apiCall(
        staticListsListContract,
        { ...query, page_size: DEFAULT_PAGE_SIZE, search_keyword: query.search_keyword || undefined },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useStaticList(id: string) {
  return useQuery({
    queryKey: staticListKeys.detail(id),
    queryFn: ({ signal }) =>
      apiCall(staticListGetContract, { static_list_id: id }, { signal }).then((r) => r.static_list),
  });
}

export function useCreateStaticList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiCall(staticListCreateContract, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staticListKeys.lists() }),
  });
}

export function useRenameStaticList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { static_list_id: string; name: string }) => apiCall(staticListRenameContract, input),
    onSuccess: ({ static_list }) => {
      queryClient.setQueryData(staticListKeys.detail(static_list.static_list_id), static_list);
      return queryClient.invalidateQueries({ queryKey: staticListKeys.lists() });
    },
  });
}

export function useDeleteStaticList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(staticListDeleteContract, { static_list_id: id }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: staticListKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: staticListKeys.lists() });
    },
  });
}
