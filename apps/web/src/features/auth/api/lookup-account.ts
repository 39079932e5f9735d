import { lookupContract, type RequestOf } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export type LookupAccountInput = RequestOf<typeof lookupContract>;

/**
 * The login email step (spec section 4): `auth_type` 'sso' comes with the `redirect_url` that
 * starts single sign-on; 'meridian' means a password.
 */
export function lookupAccount(input: LookupAccountInput) {
  return apiCall(lookupContract, input);
}

export function useLookupAccount() {
  return useMutation({ mutationFn: lookupAccount, meta: { selfHandled: true } });
}
