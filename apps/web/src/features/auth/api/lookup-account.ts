import { useMutation } from '@tanstack/react-query';

export interface LookupAccountInput {
  email: string;
}

/**
 * The login email step (spec section 7, auth: `/accounts/lookup {email}` returns auth_type and
 * redirect_url). Its contract is not in libs/contracts yet: to be completed as
 * `apiCall(accountLookupContract, input)` once it is, and the screen then routes on auth_type
 * ('sso' to /login/sso, 'meridian' to /login/password).
 */
export function lookupAccount(_input: LookupAccountInput): Promise<never> {
  return Promise.reject(new Error('Account lookup is not available yet'));
}

export function useLookupAccount() {
  return useMutation({ mutationFn: lookupAccount });
}
