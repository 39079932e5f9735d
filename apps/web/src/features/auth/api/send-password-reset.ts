import { passwordSendResetContract, type RequestOf } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export function sendPasswordReset(input: RequestOf<typeof passwordSendResetContract>) {
  return apiCall(passwordSendResetContract, input);
}

/** Failures are shown by the form (spec section 8, "Forgot password"). */
export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset, meta: { selfHandled: true } });
}
