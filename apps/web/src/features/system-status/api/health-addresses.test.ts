import { healthContracts, serviceNames } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { healthAddresses, healthServices } from './health-addresses';

describe('the service health addresses', () => {
  it('name every service health endpoint as its contract does, in the contracts order', () => {
    expect([...healthServices]).toEqual(serviceNames);
    for (const service of serviceNames) {
      const contract = healthContracts[service];
      expect(healthAddresses[service]).toEqual({
        method: contract.method,
        fullPath: contract.fullPath,
        access: contract.access,
      });
    }
  });
});
