import { useMutation } from '@tanstack/react-query';
import { campaignDryRunContract, type RequestOf } from '@meridian/contracts';
import { apiCall } from '@/lib/api-client';

/** Runs the flow for one contact; the drawer shows its own error, so the shared toasts stay quiet. */
export function useDryRun() {
  return useMutation({
    mutationFn: (input: RequestOf<typeof campaignDryRunContract>) =>
      apiCall(campaignDryRunContract, input, { selfHandled: true }),
  });
}
