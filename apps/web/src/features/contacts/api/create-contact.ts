import { personCreateContract, type RequestOf } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { contactKeys } from './contact-keys';

export const CONTACT_CREATED = 'Contact created succesfully';

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    // Field errors (a taken email) show inline in the dialog.
    meta: { selfHandled: true },
    mutationFn: (input: RequestOf<typeof personCreateContract>) =>
      apiCall(personCreateContract, input, { selfHandled: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.lists() }),
  });
}
