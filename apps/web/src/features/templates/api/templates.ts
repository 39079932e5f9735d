import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import {
  DEFAULT_PAGE_SIZE,
  templateCloneContract,
  templateCreateContract,
  templateDeleteContract,
  templateGetContract,
  templateJsonContract,
  templateNameUpdateContract,
  templatesListContract,
  templateUpdateContract,
  templateVisualListContract,
  type RequestOf,
  type Template,
} from '@meridian/contracts';
import { templateKeys, type TemplatesQuery } from './template-keys';

export function useTemplates(query: TemplatesQuery) {
  return useQuery({
    queryKey: templateKeys.list(query),
    queryFn: ({ signal }) =>
      apiCall(
        templatesListContract,
        {
          page_number: query.page_number,
          page_size: DEFAULT_PAGE_SIZE,
          query: query.keyword ? { search: { keyword: query.keyword, fields: ['name'] } } : undefined,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useTemplate(id: string) {
  return useQuery({
    queryKey: templateKeys.detail(id),
    queryFn: ({ signal }) =>
      apiCall(templateGetContract, { template_id: id }, { signal }).then((r) => r.template),
    // The editor owns the loaded copy: refetching under it would overwrite unsaved work.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** The starter gallery shipped with the product; it does not change while the app runs. */
export function useTemplateGallery(enabled: boolean) {
  return useQuery({
    queryKey: templateKeys.gallery(),
    queryFn: ({ signal }) => apiCall(templateVisualListContract, {}, { signal }).then((r) => r.templates),
    staleTime: Infinity,
    enabled,
  });
}

export function fetchStarter(name: string) {
  return apiCall(templateJsonContract, { name }, { selfHandled: true });
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof templateCreateContract>) => apiCall(templateCreateContract, input),
    onSuccess: ({ template }) => {
      queryClient.setQueryData(templateKeys.detail(template.template_id), template);
      return queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
  });
}

/** A saved template replaces the cached copy and the list rows (name, last update). */
function useStoreTemplate() {
  const queryClient = useQueryClient();
  return (template: Template) => {
    queryClient.setQueryData(templateKeys.detail(template.template_id), template);
    return queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
  };
}

export function useUpdateTemplate() {
  const store = useStoreTemplate();
  return useMutation({
    mutationFn: (input: RequestOf<typeof templateUpdateContract>) => apiCall(templateUpdateContract, input),
    onSuccess: ({ template }) => store(template),
  });
}

export function useRenameTemplate() {
  const store = useStoreTemplate();
  return useMutation({
    mutationFn: (input: { template_id: string; name: string }) => apiCall(templateNameUpdateContract, input),
    onSuccess: ({ template }) => store(template),
  });
}

export function useCloneTemplate() {
  const store = useStoreTemplate();
  return useMutation({
    mutationFn: (id: string) => apiCall(templateCloneContract, { template_id: id }),
    onSuccess: ({ template }) => store(template),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(templateDeleteContract, { template_id: id }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: templateKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
  });
}
