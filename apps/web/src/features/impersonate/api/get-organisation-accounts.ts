import { internalAccountListContract } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { impersonateKeys } from './impersonate-keys';

/** Spec section 9: the internal account list is fetched as one page of 1000. */
export const INTERNAL_ACCOUNT_PAGE = { page_size: 1000, page_number: 1 } as const;

export function getOrganisationAccounts(organisationId: string, signal?: AbortSignal) {
  return apiCall(
    internalAccountListContract,
    { organisation_id: organisationId, ...INTERNAL_ACCOUNT_PAGE },
    { signal },
  ).then((answer) => answer.records);
}

export function organisationAccountsQueryOptions(organisationId: string) {
  return queryOptions({
    queryKey: impersonateKeys.accounts(organisationId),
    queryFn: ({ signal }) => getOrganisationAccounts(organisationId, signal),
  });
}

/** The people of the chosen organisation; nothing until one is chosen. */
export function useOrganisationAccounts(organisationId: string | null, enabled: boolean) {
  return useQuery({
    ...organisationAccountsQueryOptions(organisationId ?? ''),
    enabled: enabled && Boolean(organisationId),
  });
}
