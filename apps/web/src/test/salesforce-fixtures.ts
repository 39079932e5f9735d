import type { SalesforceConnection, UnifiedMapping } from '@meridian/contracts';
import { accountRecord, AUTH, sessionOf } from './app-harness';

/** Web test fixtures of the Salesforce screens (answers the services would give). */
export const SF_CONNECTION_ID = 'a3c1f6de-1111-4c1e-9b1e-5f1a2b3c4d5e';

export function salesforceConnection(overrides: Partial<SalesforceConnection> = {}): SalesforceConnection {
  return {
    connection_id: SF_CONNECTION_ID,
    name: 'Acme Salesforce',
    access_token: 'stored',
    instance_url: 'https://acme.my.salesforce.com',
    setup_complete: true,
    permissions: { lead: 'Read and write', contact: 'Read only' },
    object_settings: { lead: true, contact: true, account: false, opportunity: false },
    sync_settings: { max_allocated: 5000, frequency: 1, unit: 'hours', org_daily_max: 15000 },
    inclusion_list: null,
    salesforce_record_create: false,
    salesforce_record_delete: false,
    records_create_settings: { lead: true, contact: true },
    records_delete_settings: { lead: false, contact: false },
    selective_sync: { lead: { active: false, field: null }, contact: { active: false, field: null } },
    is_sync_enabled: false,
    is_sync_active: false,
    next_run_at: null,
    last_synced_at: null,
    error: null,
    error_time: null,
    time_created: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

/** mapping.get with `mapped` person fields mapped, and the email key mapped or not. */
export function unifiedMapping(mapped: number, emailMapped = mapped > 0): UnifiedMapping {
  return {
    mapping: [
      {
        destination: {
          name: 'email',
          display: 'Email',
          type: 'string',
          sub_type: 'email',
          custom: false,
          hidden: false,
          read_only: false,
          length: null,
          updatable: true,
          required: true,
          primary_key: true,
        },
        source: emailMapped
          ? [
              {
                connection_id: SF_CONNECTION_ID,
                type: 'salesforce',
                field: { contact: 'Email', lead: 'Email' },
                sync_preference: 'always_use_connection',
              },
            ]
          : [],
      },
    ],
    sources: [],
    has_crm_source: true,
    mapped_count: mapped,
  };
}

export const INT = '/api/integrations/v1';
const adminAccount = accountRecord(
  'a0000000-0000-4000-8000-0000000000a1',
  'ada@acme.com',
  'CUSTOMER_ORG_ADMIN',
);
const memberAccount = accountRecord(
  'a0000000-0000-4000-8000-0000000000a2',
  'max@acme.com',
  'CUSTOMER_ORG_USER',
);
/** The integrations constants of a deployment with a Salesforce connected app. */
export const integrationConstants = {
  [`${INT}/generic/constants.authenticated`]: {
    body: {
      warehouse_types: [],
      warehouse_sync_valid_intervals: { '1h': 60 },
      default_sync_interval: '1h',
      metadata_fields: [],
      salesforce_login_url: 'https://login.salesforce.com',
      salesforce_enabled: true,
      whitelist_note: '',
    },
  },
};

/** A signed-in session, with the constants every signed-in page may ask for. */
export const signedInAs = {
  admin: { [`${AUTH}/accounts/token.verify`]: { body: sessionOf(adminAccount) }, ...integrationConstants },
  member: { [`${AUTH}/accounts/token.verify`]: { body: sessionOf(memberAccount) }, ...integrationConstants },
};

/** objects.get: the stored describe, with a checkbox field on each person object. */
export function objectsAnswer(connection: SalesforceConnection = salesforceConnection()) {
  const field = (name: string, type: string) => ({
    name,
    label: name,
    type,
    createable: true,
    updateable: true,
    nillable: true,
    access: 'read_write' as const,
  });
  return {
    object_settings: connection.object_settings,
    sync_settings: connection.sync_settings,
    permissions: connection.permissions,
    objects: (['lead', 'contact', 'account', 'opportunity'] as const).map((object) => ({
      object,
      available: true,
      permission: 'Read and write' as const,
      fields: [field('Email', 'email'), field('Sync_Me__c', 'boolean'), field('LastName', 'string')],
      time_fetched: '2026-11-20T09:00:00.000Z',
    })),
  };
}
