import {
  emptySalesforceSyncCount,
  salesforceErrorClasses,
  type SalesforceAffectedRecord,
  type SalesforceConnection,
  type SalesforceErrorSummary,
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

export const salesforceConnection = (
  overrides: Partial<SalesforceConnection> = {},
): SalesforceConnection => ({
  connection_id: SF_CONNECTION_ID,
  name: 'Acme CRM',
  access_token: 'stored',
  instance_url: 'https://acme.my.salesforce.com',
  setup_complete: true,
  permissions: { lead: 'Read and write', contact: 'Read and write' },
  object_settings: { lead: true, contact: true, account: false, opportunity: false },
  sync_settings: { max_allocated: 5000, frequency: 1, unit: 'hours', org_daily_max: 15000 },
  inclusion_list: null,
  salesforce_record_create: false,
  salesforce_record_delete: false,
  records_create_settings: { lead: true, contact: true },
  records_delete_settings: { lead: false, contact: false },
  selective_sync: { lead: { active: false, field: null }, contact: { active: false, field: null } },
  is_sync_enabled: true,
  is_sync_active: true,
  next_run_at: null,
  last_synced_at: null,
  error: null,
  error_time: null,
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
