import { loginContract, lookupContract } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { loginAddress, lookupAddress } from './login-addresses';

const addressOf = (contract: { method: string; fullPath: string; access: string }) => ({
  method: contract.method,
  fullPath: contract.fullPath,
  access: contract.access,
});

describe('the login page endpoint addresses', () => {
  it('match their contracts', () => {
    expect(lookupAddress).toEqual(addressOf(lookupContract));
    expect(loginAddress).toEqual(addressOf(loginContract));
  });
});
