import {
  checkMaxAllocated,
  salesforceMessages,
  salesforceSelectiveUpdateContract,
} from './salesforce-connection.contract';

describe('Salesforce connection contract', () => {
  it('checks the API allocation as a whole number from 1 up to the org limit', () => {
    expect(checkMaxAllocated('', 100)).toBe(salesforceMessages.allocationRequired);
    expect(checkMaxAllocated(null, 100)).toBe(salesforceMessages.allocationRequired);
    expect(checkMaxAllocated('ten', 100)).toBe(salesforceMessages.allocationNotNumber);
    expect(checkMaxAllocated(1.5, 100)).toBe(salesforceMessages.allocationNotNumber);
    expect(checkMaxAllocated(0, 100)).toBe(salesforceMessages.allocationMin);
    expect(checkMaxAllocated(101, 100)).toBe(
      "API allocation cannot exceed your Salesforce org's daily API limit of 100",
    );
    expect(checkMaxAllocated('100', 100)).toBeNull();
    // Before the first login the org's limit is unknown: only the floor applies.
    expect(checkMaxAllocated(1_000_000, null)).toBeNull();
  });

  it('saves selective sync only with a field when active, and clears it when off', () => {
    const parse = (lead: unknown) =>
      salesforceSelectiveUpdateContract.request.safeParse({
        connection_id: 'c',
        selective_sync: { lead, contact: { active: false } },
      });
    const missing = parse({ active: true, field: '' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({
      message: salesforceMessages.selectiveFieldRequired,
      path: ['selective_sync', 'lead', 'field'],
    });
    expect(parse({ active: false, field: 'Opt_In__c' }).data?.selective_sync.lead).toEqual({
      active: false,
      field: null,
    });
    expect(parse({ active: true, field: 'Opt_In__c' }).data?.selective_sync.lead).toEqual({
      active: true,
      field: 'Opt_In__c',
    });
  });
});
