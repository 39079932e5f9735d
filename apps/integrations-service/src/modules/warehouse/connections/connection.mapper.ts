import {
  type UnifiedConnection,
  type WarehouseConnection,
  syncIntervalKeyAt,
  warehouseTypeSchema,
} from '@meridian/contracts';
import type { ConnectionEntity } from './connection.entity';
import type { ConnectionSyncFacts } from './connection-sync-facts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A stored warehouse connection as the calls answer it: no secret, no internal options. */
export function toWarehouseConnection(row: ConnectionEntity): WarehouseConnection {
  return {
    id: row.id,
    label: row.label,
    typ: warehouseTypeSchema.parse(row.typ),
    host_name: row.host_name,
    port: row.port,
    database_name: row.database_name,
    user_name: row.user_name,
    warehouse: row.options.warehouse ?? null,
    role: row.options.role ?? null,
    schema_name: row.schema_name,
    error: row.error,
    error_time: iso(row.error_time),
    time_last_synced: iso(row.time_last_synced),
    sync_interval: row.sync_interval,
    time_created: row.time_created.toISOString(),
    time_updated: row.time_updated.toISOString(),
  };
}

/**
 * A warehouse connection as a row of the unified list (spec 3). Its sync figures come from the
 * sync part when it has registered them; without them the sync counts as not set up.
 */
export function toUnifiedConnection(
  row: ConnectionEntity,
  facts: ConnectionSyncFacts | undefined,
): UnifiedConnection {
  const enabled = facts?.is_sync_enabled ?? false;
  const active = facts?.is_sync_active ?? false;
  const status = row.error !== null ? 'paused' : !enabled ? 'disabled' : active ? 'active' : 'paused';
  return {
    connection_id: row.id,
    name: row.label,
    source: warehouseTypeSchema.parse(row.typ),
    status,
    data_type: 'warehouse',
    connected_tables: facts?.connected_tables ?? 0,
    sync_interval: syncIntervalKeyAt(row.sync_interval),
    last_sync_time: iso(row.time_last_synced),
    synced_contact: facts?.synced_contact ?? 0,
    synced_lead: facts?.synced_lead ?? 0,
    is_sync_enabled: enabled,
    is_sync_active: active,
    access_token: false,
    instance_url: null,
    next_schedule_time: facts?.next_schedule_time ?? null,
    last_synced_time: iso(row.time_last_synced),
    error: row.error,
    error_time: iso(row.error_time),
    time_created: row.time_created.toISOString(),
  };
}
