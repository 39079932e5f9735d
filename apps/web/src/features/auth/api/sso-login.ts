import { samlLoginContract } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** Trades the one-time code of /sso-redirect for a session. */
export function ssoLogin(code: string) {
  return apiCall(samlLoginContract, { code });
}

export function useSsoLogin() {
  return useMutation({ mutationFn: ssoLogin, meta: { selfHandled: true } });
}
