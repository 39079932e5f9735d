import {
  emptySalesforceSyncCount,
  type SalesforceHistoryDetails,
  type SalesforceSyncRun,
} from '@meridian/contracts';

/** Answers of the integrations service that the Salesforce tabs' tests stub. */
export const INT = '/api/integrations/v1';
export const SF_CONNECTION_ID = 'c5f00000-0000-4000-8000-000000000001';

export const historyDetails = (
  overrides: Partial<SalesforceHistoryDetails> = {},
): SalesforceHistoryDetails => ({
  next_sync_time: null,
  last_completed: null,
  total_new_account_count: 0,
  total_new_contact_count: 0,
  total_new_lead_count: 0,
  total_new_opportunity_count: 0,
  total_account_count: 0,
  total_contact_count: 0,
  total_lead_count: 0,
  total_opportunity_count: 0,
  ...overrides,
});

export const syncRun = (overrides: Partial<SalesforceSyncRun> = {}): SalesforceSyncRun => ({
  id: 'run-1',
  start_time: '2026-11-26T10:00:00.000Z',
  end_time: '2026-11-26T10:01:00.000Z',
  state: 'finished',
  sync_read_count: emptySalesforceSyncCount(),
  sync_write_count: emptySalesforceSyncCount(),
  total_records: 0,
  api_calls: 0,
  deferred_count: 0,
  error: null,
  ...overrides,
});

export const runsPage = (runs: SalesforceSyncRun[], pageCount = runs.length ? 1 : 0, pageNumber = 1) => ({
  body: { runs, total: runs.length, page_count: pageCount, page_number: pageNumber, page_size: 10 },
});
