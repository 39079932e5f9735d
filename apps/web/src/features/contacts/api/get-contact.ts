import { personGetContract, personUnsubscribeStatusContract } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { contactKeys } from './contact-keys';

export function contactQueryOptions(id: string) {
  return queryOptions({
    queryKey: contactKeys.detail(id),
    queryFn: ({ signal }) =>
      apiCall(personGetContract, { person_id: id }, { signal, selfHandled: true }).then((r) => r.person),
    // A missing contact shows 'Something went wrong' and returns to the list, not the shared toast.
    meta: { selfHandled: true },
  });
}

export function useContact(id: string) {
  return useQuery(contactQueryOptions(id));
}

export function useSubscriptionStatus(id: string) {
  return useQuery({
    queryKey: contactKeys.subscription(id),
    queryFn: ({ signal }) => apiCall(personUnsubscribeStatusContract, { person_id: id }, { signal }),
  });
}
