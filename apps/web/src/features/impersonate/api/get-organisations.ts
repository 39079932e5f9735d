import { internalOrganisationListContract } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { impersonateKeys } from './impersonate-keys';

export function getOrganisations(signal?: AbortSignal) {
  return apiCall(internalOrganisationListContract, {}, { signal }).then((answer) => answer.organisations);
}

/** Staff only: the call is made only when the viewer is staff, or it would end the session (403). */
export function useOrganisations(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: impersonateKeys.organisations(),
      queryFn: ({ signal }) => getOrganisations(signal),
    }),
    enabled,
  });
}
