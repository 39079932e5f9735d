import { createUsersContract, type RequestOf } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { userKeys } from './user-keys';

export function inviteUsers(input: RequestOf<typeof createUsersContract>) {
  return apiCall(createUsersContract, input);
}

/** Failures are shown by the dialog: inline per row, and 'Invitation to {emails} failed'. */
export function useInviteUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUsers,
    meta: { selfHandled: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
