import { resendInviteContract, type RequestOf } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { userKeys } from './user-keys';

export function resendInvite(input: RequestOf<typeof resendInviteContract>) {
  return apiCall(resendInviteContract, input);
}

export function useResendInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
