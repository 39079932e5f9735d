import { DEFAULT_PAGE_SIZE, personListContract } from '@meridian/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { contactKeys, type ContactListQuery } from './contact-keys';

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
