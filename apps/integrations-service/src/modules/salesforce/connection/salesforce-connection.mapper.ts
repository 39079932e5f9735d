import type { SalesforceConnection, UnifiedConnection } from '@meridian/contracts';
import type { SalesforceConnectionRow } from './salesforce-connections.repository';

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** Spec 3 "Salesforce connection": the stored row as the calls answer it; no token, ever. */
export function toSalesforceConnection(row: SalesforceConnectionRow): SalesforceConnection {
  return {
    connection_id: row.id,
    name: row.name,
    access_token: row.has_tokens ? 'stored' : null,
    instance_url: row.instance_url,
    setup_complete: row.setup_complete,
    permissions: row.permissions,
    object_settings: row.object_settings,
    sync_settings: {
      max_allocated: row.max_allocated,
      frequency: row.frequency,
      unit: row.unit,
      org_daily_max: row.org_daily_max,
    },
    inclusion_list: row.inclusion_list,
    salesforce_record_create: row.salesforce_record_create,
    salesforce_record_delete: row.salesforce_record_delete,
    records_create_settings: row.records_create_settings,
    records_delete_settings: row.records_delete_settings,
    selective_sync: row.selective_sync,
    is_sync_enabled: row.is_sync_enabled,
    is_sync_active: row.is_sync_active,
    next_run_at: iso(row.next_run_at),
    last_synced_at: iso(row.last_synced_at),
    error: row.error,
    error_time: iso(row.error_time),
    time_created: new Date(row.time_created).toISOString(),
  };
}

const UNIT_KEYS = { minutes: 'm', hours: 'h', days: 'd' } as const;

/**
 * The connection as a row of the unified list (spec 3): a CRM source, active while its sync runs,
 * paused otherwise; synced counts are records pulled in the past 24 hours.
 */
export function toUnifiedSalesforce(
  row: SalesforceConnectionRow,
  pulled: { lead: number; contact: number },
): UnifiedConnection {
  const objects = Object.values(row.object_settings).filter(Boolean).length;
  return {
    connection_id: row.id,
    name: row.name,
    source: 'salesforce',
    status: row.is_sync_enabled && row.is_sync_active ? 'active' : 'paused',
    data_type: 'CRM',
    connected_tables: objects,
    sync_interval: `${row.frequency}${UNIT_KEYS[row.unit]}`,
    last_sync_time: iso(row.last_synced_at),
    synced_contact: pulled.contact,
    synced_lead: pulled.lead,
    is_sync_enabled: row.is_sync_enabled,
    is_sync_active: row.is_sync_active,
    access_token: row.has_tokens,
    instance_url: row.instance_url,
    next_schedule_time: iso(row.next_run_at),
    last_synced_time: iso(row.last_synced_at),
    error: row.error,
    error_time: iso(row.error_time),
    time_created: new Date(row.time_created).toISOString(),
  };
}
