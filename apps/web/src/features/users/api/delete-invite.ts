import { deleteInviteContract } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { userKeys } from './user-keys';

export function deleteInvite(accountId: string) {
  return apiCall(deleteInviteContract, { account_id: accountId });
}

/** Failure is 'Invite deletion failed', shown by the page. */
export function useDeleteInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvite,
    meta: { selfHandled: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
