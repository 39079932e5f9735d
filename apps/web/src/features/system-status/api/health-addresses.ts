import type { healthContracts, ServiceName } from '@meridian/contracts';
import type { EndpointAddress } from '@/lib/api-send';

// By address, not contract: the status line is on the login page, whose first load leaves the
// schemas out. `health-addresses.test.ts` holds each to its contract.

/** The services in the order the status line names them. */
export const healthServices = [
  'auth',
  'integrations',
  'campaign',
  'reports',
] as const satisfies readonly ServiceName[];

export const healthAddresses: Record<ServiceName, EndpointAddress<(typeof healthContracts)[ServiceName]>> = {
  auth: { method: 'GET', fullPath: '/api/auth/v1/health', access: 'public' },
  integrations: { method: 'GET', fullPath: '/api/integrations/v1/health', access: 'public' },
  campaign: { method: 'GET', fullPath: '/api/campaign/v1/health', access: 'public' },
  reports: { method: 'GET', fullPath: '/api/campaign/v2/health', access: 'public' },
};
