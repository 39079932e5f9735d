import type { logoutContract, tokenVerifyContract } from '@meridian/contracts';
import type { EndpointAddress } from '@/lib/api-send';

/**
 * The endpoints the signed-in frame calls on every screen, by address: importing the contracts
 * would bring the schema library into every screen's first load. `session-addresses.test.ts`
 * holds each to its contract.
 */
export const tokenVerifyAddress: EndpointAddress<typeof tokenVerifyContract> = {
  method: 'POST',
  fullPath: '/api/auth/v1/accounts/token.verify',
  access: 'bearer',
};

export const logoutAddress: EndpointAddress<typeof logoutContract> = {
  method: 'POST',
  fullPath: '/api/auth/v1/accounts/logout',
  access: 'bearer',
};
