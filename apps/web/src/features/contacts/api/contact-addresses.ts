import type { personListContract } from '@meridian/contracts';
import type { EndpointAddress } from '@/lib/api-send';

/**
 * The contacts list's endpoint by address: the contract would bring the schema library into the
 * list's first load (the dialogs load it with their forms). `contact-addresses.test.ts` holds it
 * to its contract.
 */
export const personListAddress: EndpointAddress<typeof personListContract> = {
  method: 'POST',
  fullPath: '/api/campaign/v1/person.list',
  access: 'bearer',
};
