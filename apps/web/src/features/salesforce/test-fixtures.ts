import {
  emptySalesforceSyncCount,
  salesforceErrorClasses,
  type SalesforceAffectedRecord,
  type SalesforceConnection,
  type SalesforceErrorSummary,
  type SalesforceHistoryDetails,
  type SalesforceSyncRun,
} from '@meridian/contracts';
import { INT, salesforceConnection as baseConnection } from '@/test/salesforce-fixtures';

export { INT };

/** Answers of the integrations service that the Salesforce tabs' tests stub. */
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

/** The shared connection fixture, as these tabs' tests see it: set up and syncing. */
export const salesforceConnection = (overrides: Partial<SalesforceConnection> = {}): SalesforceConnection =>
  baseConnection({
    connection_id: SF_CONNECTION_ID,
    name: 'Acme CRM',
    permissions: { lead: 'Read and write', contact: 'Read and write' },
    is_sync_enabled: true,
    is_sync_active: true,
    time_created: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });

export const errorTypesAnswer = {
  body: { error_types: salesforceErrorClasses.map((c) => ({ ...c })) },
};

export const errorSummary = (overrides: Partial<SalesforceErrorSummary> = {}): SalesforceErrorSummary => ({
  error_class: 'field_permission',
  display: 'Salesforce field permission',
  count: 3,
  first_occurred: '2026-11-24T08:00:00.000Z',
  last_occurred: '2026-11-26T09:00:00.000Z',
  ...overrides,
});

export const errorsPage = (errors: SalesforceErrorSummary[], pageCount = errors.length ? 1 : 0) => ({
  body: { errors, total: errors.length, page_count: pageCount },
});

export const affectedRecord = (
  overrides: Partial<SalesforceAffectedRecord> = {},
): SalesforceAffectedRecord => ({
  id: 'e-1',
  name: 'Jamie Rivera',
  error_text: 'INVALID_FIELD_FOR_INSERT_UPDATE: Unable to create/update fields: Title',
  meridian_id: 'p-1',
  salesforce_id: '003000000000001AAA',
  _created_time: '2026-11-25T08:00:00.000Z',
  last_occurred: '2026-11-26T09:00:00.000Z',
  object: 'contact',
  direction: 'write',
  email: 'jamie@acme.com',
  ...overrides,
});

export const affectedPage = (records: SalesforceAffectedRecord[], pageCount = records.length ? 1 : 0) => ({
  body: { records, total: records.length, page_count: pageCount },
});
