import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  crmMappingSetDefaultContract,
  crmMappingUpdateContract,
  type MappingRowInput,
  personFieldCreateContract,
  type RequestOf,
  unifiedMappingGetContract,
  type UnifiedMapping,
} from '@meridian/contracts';
import { apiCall } from '@/lib/api-client';
import { mappingKeys } from './mapping-keys';

export function useUnifiedMapping() {
  return useQuery({
    queryKey: mappingKeys.mapping(),
    queryFn: ({ signal }) => apiCall(unifiedMappingGetContract, {}, { signal }),
  });
}

/** Every change answers with the whole mapping: it replaces the cached one. */
function useMappingChange<I>(call: (input: I) => Promise<UnifiedMapping>, selfHandled = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { selfHandled },
    onSuccess: (mapping) => queryClient.setQueryData(mappingKeys.mapping(), mapping),
  });
}

/** Field errors are shown on their rows, so the shared toasts stay quiet. */
export function useSaveMapping() {
  return useMappingChange(
    (mapping: MappingRowInput[]) => apiCall(crmMappingUpdateContract, { person_mapping: { mapping } }),
    true,
  );
}

export function useAutoMap() {
  return useMappingChange((connectionId: string) =>
    apiCall(crmMappingSetDefaultContract, {
      connection_type: 'salesforce',
      connection_id: connectionId,
      auto_map: true,
    }),
  );
}

export function useCreatePersonField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof personFieldCreateContract>) =>
      apiCall(personFieldCreateContract, input),
    // Field errors are shown in the modal.
    meta: { selfHandled: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mappingKeys.mapping() }),
  });
}
