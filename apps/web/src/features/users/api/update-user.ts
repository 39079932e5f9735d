import { updateAccountContract, type RequestOf } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { userKeys } from './user-keys';

export function updateUser(input: RequestOf<typeof updateAccountContract>) {
  return apiCall(updateAccountContract, input);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
