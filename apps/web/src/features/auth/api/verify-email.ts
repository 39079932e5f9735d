import { verifyEmailContract } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export function verifyEmail(token: string) {
  return apiCall(verifyEmailContract, { token });
}

/** An expired link shows the 'Link Expired' screen; other failures the screen's own error state. */
export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail, meta: { selfHandled: true } });
}
