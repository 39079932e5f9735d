import {
  emailSettingsCreateContract,
  emailSettingsUpdateContract,
  settingsUpdateContract,
  unsubUrlCreateContract,
  unsubUrlDeleteContract,
  unsubUrlUpdateContract,
} from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { SaveStep } from '../utils/email-settings-form';
import { emailSettingsKeys } from './email-settings-keys';

async function runStep(step: SaveStep): Promise<void> {
  switch (step.kind) {
    case 'email':
      await apiCall(
        step.action === 'create' ? emailSettingsCreateContract : emailSettingsUpdateContract,
        step.request,
      );
      return;
    case 'mapping':
      await apiCall(settingsUpdateContract, { person_org_mapping: step.person_org_mapping });
      return;
    case 'unsub-url':
      if (step.action === 'delete') await apiCall(unsubUrlDeleteContract, {});
      else
        await apiCall(
          step.action === 'create' ? unsubUrlCreateContract : unsubUrlUpdateContract,
          step.request,
        );
      return;
  }
}

export interface SaveProgress {
  onSaved: (step: SaveStep) => void;
}

/**
 * Saves the changed parts one after the other and stops at the first refusal; what was saved
 * before it stays saved (and is announced), and the page reloads what the server now holds.
 */
export function useSaveEmailSettings({ onSaved }: SaveProgress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (steps: SaveStep[]) => {
      for (const step of steps) {
        await runStep(step);
        onSaved(step);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailSettingsKeys.all }),
  });
}
