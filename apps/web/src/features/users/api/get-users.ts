import { accountListContract, type PageRequest } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** Spec section 9: the user list is fetched as one page of 1000. */
export const USER_LIST_PAGE: PageRequest = { page_size: 1000, page_number: 1 };

export function getUsers(page: PageRequest, signal?: AbortSignal) {
  return apiCall(accountListContract, page, { signal });
}

export function usersQueryOptions(page: PageRequest = USER_LIST_PAGE) {
  return queryOptions({
    queryKey: userKeys.list(page),
    queryFn: ({ signal }) => getUsers(page, signal),
  });
}

/** The organisation's accounts and open invites. */
export function useUsers() {
  return useQuery(usersQueryOptions());
}
