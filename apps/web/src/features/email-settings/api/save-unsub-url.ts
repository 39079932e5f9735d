import { unsubUrlCreateContract, unsubUrlDeleteContract, unsubUrlUpdateContract } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { UnsubUrlStep } from '../utils/email-settings-form';
import { emailSettingsKeys } from './email-settings-keys';

/** Saves the opt-out page alone (where its form stands alone); the settings reload afterwards. */
export function useSaveUnsubUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (step: UnsubUrlStep) => {
      if (step.action === 'delete') await apiCall(unsubUrlDeleteContract, {});
      else
        await apiCall(
          step.action === 'create' ? unsubUrlCreateContract : unsubUrlUpdateContract,
          step.request,
        );
      return step;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailSettingsKeys.unsubUrl() }),
  });
}
