import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { devMailKeys } from './dev-mail-keys';
import { DEV_MAILS_PATH } from './dev-mails.schemas';

export function deleteDevMails() {
  return apiRequest({ method: 'DELETE', path: DEV_MAILS_PATH, response: z.unknown() });
}

export function useDeleteDevMails(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess } = options;
  return useMutation({
    mutationFn: deleteDevMails,
    onSuccess: async () => {
      onSuccess?.();
      queryClient.removeQueries({ queryKey: devMailKeys.details() });
      await queryClient.invalidateQueries({ queryKey: devMailKeys.lists() });
    },
  });
}
