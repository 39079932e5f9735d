import { logoutContract, tokenVerifyContract } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { logoutAddress, tokenVerifyAddress } from './session-addresses';

const addressOf = (contract: { method: string; fullPath: string; access: string }) => ({
  method: contract.method,
  fullPath: contract.fullPath,
  access: contract.access,
});

describe('the signed-in frame endpoint addresses', () => {
  it('match their contracts', () => {
    expect(tokenVerifyAddress).toEqual(addressOf(tokenVerifyContract));
    expect(logoutAddress).toEqual(addressOf(logoutContract));
  });

  it('send what the contracts accept', () => {
    // The frame sends these inputs as they are, without parsing them first.
    expect(tokenVerifyContract.request.parse({ role_names: [] })).toEqual({ role_names: [] });
    expect(logoutContract.request.safeParse({}).success).toBe(true);
  });
});
