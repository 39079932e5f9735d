import { internalImpersonateContract, type RequestOf } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export function impersonate(input: RequestOf<typeof internalImpersonateContract>) {
  return apiCall(internalImpersonateContract, input);
}

/**
 * Failures show on the page: a refusal answers 403, which the shared handling would take for
 * the staff member's own session ending.
 */
export function useImpersonate() {
  return useMutation({ mutationFn: impersonate, meta: { selfHandled: true } });
}
