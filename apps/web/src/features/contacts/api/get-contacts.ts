import { DEFAULT_PAGE_SIZE } from '@meridian/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-send';
import { contactKeys, type ContactListQuery } from './contact-keys';
import { personListAddress } from './contact-addresses';

/** What the list sends: the contract's request, as its schema would leave it (keyword trimmed). */
export function contactListRequest(query: ContactListQuery) {
  return { ...query, page_size: DEFAULT_PAGE_SIZE, keyword: query.keyword?.trim() || undefined };
}

export function contactsQueryOptions(query: ContactListQuery) {
  return queryOptions({
    queryKey: contactKeys.list(query),
    queryFn: ({ signal }) => apiSend(personListAddress, contactListRequest(query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useContacts(query: ContactListQuery) {
  return useQuery(contactsQueryOptions(query));
}
