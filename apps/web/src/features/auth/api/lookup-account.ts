import type { lookupContract, RequestOf } from '@meridian/contracts';
import { apiSend } from '@/lib/api-send';
import { useAction } from '@/lib/use-action';
import { lookupAddress } from './login-addresses';

export type LookupAccountInput = RequestOf<typeof lookupContract>;

/**
 * The login email step (spec section 4): `auth_type` 'sso' comes with the `redirect_url` that
 * starts single sign-on; 'meridian' means a password. The email is checked by the form first.
 */
export function lookupAccount(input: LookupAccountInput) {
  return apiSend(lookupAddress, input);
}

/** Failures are shown by the caller. */
export function useLookupAccount() {
  return useAction(lookupAccount);
}
