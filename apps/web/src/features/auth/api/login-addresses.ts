import type { loginContract, lookupContract } from '@meridian/contracts';
import type { EndpointAddress } from '@/lib/api-send';

/**
 * The endpoints the login page calls, by address: importing the contracts themselves would bring
 * their schemas into its first load. `login-addresses.test.ts` holds each to its contract.
 */
export const lookupAddress: EndpointAddress<typeof lookupContract> = {
  method: 'POST',
  fullPath: '/api/auth/v1/accounts/lookup',
  access: 'public',
};

export const loginAddress: EndpointAddress<typeof loginContract> = {
  method: 'POST',
  fullPath: '/api/auth/v1/accounts/login',
  access: 'public',
};
