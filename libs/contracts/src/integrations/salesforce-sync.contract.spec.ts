import {
  emptySalesforceSyncCount,
  salesforceSyncMessages,
  salesforceSyncRunsListContract,
  shownSalesforceRunState,
} from './salesforce-sync.contract';

describe('Salesforce sync contract', () => {
  it('defaults runs.list to the first page of 10 without empty runs', () => {
    expect(salesforceSyncRunsListContract.request.parse({ connection_id: 'c1' })).toEqual({
      connection_id: 'c1',
      should_include_empty_runs: false,
      page_size: 10,
      page_number: 1,
    });
  });

  it('refuses an end before the start and a missing connection with the texts', () => {
    const range = salesforceSyncRunsListContract.request.safeParse({
      connection_id: 'c1',
      start_time: '2026-02-01T00:00:00Z',
      end_time: '2026-01-01T00:00:00Z',
    });
    expect(range.success).toBe(false);
    expect(range.error?.issues[0]).toMatchObject({
      path: ['end_time'],
      message: salesforceSyncMessages.rangeInvalid,
    });
    const missing = salesforceSyncRunsListContract.request.safeParse({});
    expect(missing.error?.issues[0]?.message).toBe(salesforceSyncMessages.connectionNotFound);
  });

  it('shows the four known run states by name and any other as error', () => {
    expect(
      ['finished', 'cancelled', 'processing', 'scheduled', 'error', 'odd'].map(shownSalesforceRunState),
    ).toEqual(['finished', 'cancelled', 'processing', 'scheduled', 'error', 'error']);
  });

  it('counts every object, zero by default', () => {
    expect(Object.keys(emptySalesforceSyncCount())).toEqual(['lead', 'contact', 'account', 'opportunity']);
  });
});
