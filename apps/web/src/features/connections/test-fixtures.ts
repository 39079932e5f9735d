import {
  warehouseServiceList,
  type IntegrationConstants,
  type UnifiedConnection,
  type WarehouseConnection,
} from '@meridian/contracts';
import { accountRecord, AUTH, sessionOf } from '@/test/app-harness';

/** Answers of the integrations service the Connections screens' tests stub. */
export const INT = '/api/integrations/v1';
export const CONNECTION_ID = 'c0000000-0000-4000-8000-000000000001';

const admin = accountRecord('a0000000-0000-4000-8000-000000000001', 'ada@acme.com', 'CUSTOMER_ORG_ADMIN');
const user = accountRecord('a0000000-0000-4000-8000-000000000002', 'sam@acme.com', 'CUSTOMER_ORG_USER');
export const signedInAdmin = { [`${AUTH}/accounts/token.verify`]: { body: sessionOf(admin) } };
export const signedInUser = { [`${AUTH}/accounts/token.verify`]: { body: sessionOf(user) } };

export const constants: IntegrationConstants = {
  warehouse_types: warehouseServiceList,
  warehouse_sync_valid_intervals: {
    '15m': 15,
    '30m': 30,
    '1h': 60,
    '3h': 180,
    '6h': 360,
    '12h': 720,
    '24h': 1440,
  },
  default_sync_interval: '1h',
  metadata_fields: [],
  salesforce_login_url: '',
  salesforce_enabled: true,
  whitelist_note: 'Allow these IP addresses',
};
export const constantsAnswer = { [`${INT}/generic/constants.authenticated`]: { body: constants } };

export const warehouseConnection = (overrides: Partial<WarehouseConnection> = {}): WarehouseConnection => ({
  id: CONNECTION_ID,
  label: 'Analytics warehouse',
  typ: 'postgres',
  host_name: 'db.acme.com',
  port: 5432,
  database_name: 'analytics',
  user_name: 'reader',
  warehouse: null,
  role: null,
  schema_name: 'public',
  error: null,
  error_time: null,
  time_last_synced: null,
  sync_interval: null,
  time_created: '2026-11-01T10:00:00.000Z',
  time_updated: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

export const unifiedConnection = (overrides: Partial<UnifiedConnection> = {}): UnifiedConnection => ({
  connection_id: CONNECTION_ID,
  name: 'Analytics warehouse',
  source: 'postgres',
  status: 'active',
  data_type: 'warehouse',
  connected_tables: 1,
  sync_interval: '1h',
  last_sync_time: null,
  synced_contact: 0,
  synced_lead: 0,
  is_sync_enabled: true,
  is_sync_active: true,
  access_token: false,
  instance_url: null,
  next_schedule_time: null,
  last_synced_time: null,
  error: null,
  error_time: null,
  time_created: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

export const page = <K extends string, T>(key: K, records: T[]) => ({
  body: {
    [key]: records,
    page_number: 1,
    page_size: 10,
    page_count: records.length ? 1 : 0,
    total_count: records.length,
  } as Record<K, T[]> & { page_number: number; page_size: number; page_count: number; total_count: number },
});
