import {
  personRemoveContract,
  personUnsubscribeToggleContract,
  personUpdateContract,
  type RequestOf,
} from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { contactKeys } from './contact-keys';

/** Spec section 8, word for word. */
export const CONTACT_MESSAGES = {
  updated: 'Contact updated succesfully',
  updateFailed: 'Contact updation failed',
  deleted: 'Contact deleted successfully',
  deleteFailed: 'Contact deletion failed',
  subscriptionUpdated: 'Subscription status updated succesfully',
} as const;

export function useUpdateContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { selfHandled: true },
    mutationFn: (input: Omit<RequestOf<typeof personUpdateContract>, 'person_id'>) =>
      apiCall(personUpdateContract, { ...input, person_id: id }, { selfHandled: true }),
    onSuccess: async ({ person }) => {
      queryClient.setQueryData(contactKeys.detail(id), person);
      await queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
    },
  });
}

export function useRemoveContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { selfHandled: true },
    mutationFn: (email: string) =>
      apiCall(personRemoveContract, { contact_id: id, email }, { selfHandled: true }),
    // The contact's own queries are left to expire: removing them while its page is still mounted
    // made the page fetch them again, and the 404s showed 'Contact not found' after the delete.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.lists() }),
  });
}

export function useToggleSubscription(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(personUnsubscribeToggleContract, { person_id: id }),
    onSuccess: (status) => {
      queryClient.setQueryData(contactKeys.subscription(id), status);
      return queryClient.invalidateQueries({ queryKey: contactKeys.detail(id) });
    },
  });
}
