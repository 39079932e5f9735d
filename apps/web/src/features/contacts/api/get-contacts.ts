import { DEFAULT_PAGE_SIZE, personListContract } from '@meridian/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { contactKeys, type ContactListQuery } from './contact-keys';

/** The columns of the contacts list (spec section 2), as field names. */
export const CONTACT_LIST_COLUMNS = [
  'email',
  'first_name',
  'last_name',
  'title',
  'company_name',
  'phone_number',
  '_created_time',
] as const;

export function contactsQueryOptions(query: ContactListQuery) {
  return queryOptions({
    queryKey: contactKeys.list(query),
    queryFn: ({ signal }) =>
      apiCall(
        personListContract,
        { ...query, page_size: DEFAULT_PAGE_SIZE, keyword: query.keyword || undefined },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useContacts(query: ContactListQuery) {
  return useQuery(contactsQueryOptions(query));
}
