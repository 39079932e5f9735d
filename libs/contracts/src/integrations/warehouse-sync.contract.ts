import { z } from 'zod';
import { filterDateTime, windowInOrder, windowIssue } from '../http/time-window';
import { defineEndpoint } from '../http/endpoint';
import { pageInfoSchema, pageRequestSchema } from '../http/pagination';
import {
  DEFAULT_SYNC_INTERVAL,
  syncIntervalIndexOf,
  syncIntervalKeyAt,
  WAREHOUSE_SYNC_VALID_INTERVALS,
} from './warehouse-services';

/** Spec section 5 "Warehouse sync save" and section 8 texts, word for word (plus ours where the spec has none). */
export const warehouseSyncMessages = {
  requiredFieldsMissing: 'Required fields are missing',
  customTableNeedsColumn: 'Custom table needs atleast one column',
  personTablePrimaryKey: 'Primary key should be selected for person table',
  // Inline texts of the column mapping panel.
  atleastOneColumn: 'Atleast one column required',
  unmappedRequiredFields: 'There are some unmapped required fields',
  selectPrimaryKey: 'Select a primary key',
  // Ours: the spec names these rules without a text.
  frequencyRequired: 'Sync frequency is required',
  invalidFrequency: 'Select a valid sync frequency',
  rangeInvalid: 'End time must be after the start time',
  onePrimaryKey: 'Only one primary key can be selected per table',
  columnMappedTwice: 'A source column can be mapped only once',
  destinationColumnTwice: 'A destination column can be mapped only once',
  tableRequired: 'Add at least one table to sync',
  destinationTableInUse: 'Destination table is already used in this sync',
  destinationTableInOtherConnection: 'This table is already synced from another connection',
  sourceTableTwice: 'A source table can be synced only once',
  locked: 'Syncs are not editable later: tables and existing columns cannot be changed',
  noSchema: 'Select a schema for the connection before setting up a sync',
  noSync: 'Sync is not set up for this connection',
  adminsOnly: 'Only admins can set up, pause or resume syncs',
  connectionNotFound: 'Connection not found',
  // Success toasts (spec 8).
  saved: 'Sync Successfully Saved',
  /** An existing sync's changes (new tables or columns, the frequency). */
  updated: 'Sync updated successfully',
  resumed: 'Sync Successfully Resumed',
  paused: 'Sync Successfully Paused',
} as const;

/**
 * A sync's `sync_interval` is what a connection stores: an index into the keys of
 * `warehouse_sync_valid_intervals` (see warehouse-services); the default is '1h'.
 */
export const isValidSyncInterval = (index: number): boolean => syncIntervalKeyAt(index) !== null;
export const defaultSyncIntervalIndex = (): number => syncIntervalIndexOf(DEFAULT_SYNC_INTERVAL);
/** The minutes between runs of an interval index. */
export const syncIntervalMinutes = (index: number): number | null => {
  const key = syncIntervalKeyAt(index);
  return key === null ? null : WAREHOUSE_SYNC_VALID_INTERVALS[key];
};

/** The destination table of person data, and the always-appended 'Custom Table' entry (spec 3). */
export const PERSON_DESTINATION_TABLE = 'person';
export const CUSTOM_DESTINATION_TABLE = 'Custom Table';

/** Spec 3 "Sync structure": one column of a synced table. */
export const syncColumnSchema = z.object({
  column_name: z.string().trim().min(1).max(255),
  /** A person field name; a name no field has yet becomes a new custom field ('Map as custom columns'). */
  destination_column_name: z.string().trim().min(1).max(255),
  primary_key: z.boolean().default(false),
});
export type SyncColumn = z.infer<typeof syncColumnSchema>;

export const syncTableSchema = z.object({
  table_name: z.string().trim().min(1).max(255),
  /** 'person'; omitted (or null) for custom tables. */
  destination_table_name: z.string().trim().min(1).max(255).nullish(),
  columns: z.array(syncColumnSchema).max(500),
  /**
   * Ours: a column whose values only grow (an update time). With one, runs read the rows past the
   * last seen value; without, runs compare a content hash per primary key.
   */
  cursor_column: z.string().trim().min(1).max(255).nullish(),
});
export type SyncTable = z.infer<typeof syncTableSchema>;

/** Spec 3 "Sync structure" as /warehouse/sync/get answers it. */
export const syncStructureSchema = z.object({
  connection_id: z.string(),
  tables: z.array(
    syncTableSchema.extend({
      destination_table_name: z.string().nullable(),
      cursor_column: z.string().nullable(),
    }),
  ),
  sync_interval: z.number().int(),
  enable_sync: z.boolean(),
});
export type SyncStructure = z.infer<typeof syncStructureSchema>;

/** Spec 3 "Destination table". */
export const destinationTableSchema = z.object({
  table_name: z.string(),
  default: z.boolean(),
  /**
   * Another connection of the organisation syncs into this table (any connection when the list is
   * asked without one). Unless multi_source, it is not offered and a save may not add it (spec 5).
   */
  used_in_connection: z.boolean(),
  columns: z.array(z.object({ name: z.string(), required: z.boolean() })),
  /** Many source tables, of any connections, may feed it ('Custom Table'); the person table may not. */
  multi_source: z.boolean(),
});
export type DestinationTable = z.infer<typeof destinationTableSchema>;

/** Spec 3 "Sync summary". `error` maps a title ('Sync Paused') to the error text. */
export const syncSummarySchema = z.object({
  sync_enabled: z.boolean(),
  error: z.record(z.string(), z.string()).nullable(),
  error_time: z.string().nullable(),
  next_run_time: z.string().nullable(),
  time_last_synced: z.string().nullable(),
  last_sync_time_taken: z.number().nullable(),
  records_synced_count: z.number().int(),
  total_records_synced_count: z.number().int(),
  table_count: z.number().int(),
});
export type SyncSummary = z.infer<typeof syncSummarySchema>;

export const syncRunStateSchema = z.enum(['running', 'finished', 'failed']);

/** Spec 3 "Sync run" (records, record_count, page_count ride on the list answer). */
export const syncRunSchema = z.object({
  id: z.string(),
  state: syncRunStateSchema,
  time_sync_started: z.string(),
  time_sync_finished: z.string().nullable(),
  error: z.string().nullable(),
  error_time: z.string().nullable(),
  records_read_count: z.number().int(),
  records_synced_count: z.number().int(),
  records_inserted_count: z.number().int(),
  records_updated_count: z.number().int(),
  records_failed_count: z.number().int(),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

const connectionId = z.object({
  connection_id: z.string({ error: warehouseSyncMessages.connectionNotFound }).trim().min(1).max(64),
});

const path = (p: string) => `/warehouse${p}`;

export const warehouseSyncSummaryContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/sync/summary'),
  access: 'bearer',
  request: connectionId,
  response: z.object({ summary: syncSummarySchema }),
});

/** The saved sync, or `sync: null` when none is set up yet. */
export const warehouseSyncGetContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/sync/get'),
  access: 'bearer',
  request: connectionId,
  response: z.object({ sync: syncStructureSchema.nullable() }),
});

/**
 * Creates or extends the connection's sync. Checks: `validateSyncSave` (400, `fields` keyed by
 * table index), a saved sync's tables and columns are locked (new columns may be added: 400
 * `locked`). Admins only (403 `adminsOnly`).
 */
export const warehouseSyncSaveContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/sync/save'),
  access: 'bearer',
  request: connectionId.extend({
    tables: z.array(syncTableSchema).max(50),
    sync_interval: z
      .number({
        // An index into warehouse_sync_valid_intervals: a key ('1h') or other value is not one.
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? warehouseSyncMessages.frequencyRequired
            : warehouseSyncMessages.invalidFrequency,
      })
      .int({ error: warehouseSyncMessages.invalidFrequency }),
    enable_sync: z.boolean().default(true),
  }),
  response: z.object({ sync: syncStructureSchema }),
});
export type WarehouseSyncSave = z.input<typeof warehouseSyncSaveContract.request>;

/** Pause (false) or resume (true); resuming clears the connection's error. Admins only. */
export const warehouseSyncToggleContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/sync/toggle'),
  access: 'bearer',
  request: connectionId.extend({ sync_enabled: z.boolean() }),
  response: z.object({ summary: syncSummarySchema }),
});

/** Runs started within [start_time, end_time] (ISO date-times; default the last 7 days), newest first. */
export const warehouseSyncRunListContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/sync/run/list'),
  access: 'bearer',
  request: pageRequestSchema
    .extend(connectionId.shape)
    .extend({
      start_time: filterDateTime('Invalid date').optional(),
      end_time: filterDateTime('Invalid date').optional(),
    })
    .refine(windowInOrder, windowIssue(warehouseSyncMessages.rangeInvalid)),
  response: pageInfoSchema.extend({
    records: z.array(syncRunSchema),
    record_count: z.number().int(),
  }),
});

/** The person table with its fields (custom ones included) and the 'Custom Table' entry. */
export const warehouseDestinationTableListContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/destination/table.list'),
  access: 'bearer',
  request: z.object({ connection_id: z.string().trim().min(1).max(64).optional() }),
  response: z.object({ tables: z.array(destinationTableSchema) }),
});

/** The required destination columns of a destination table ('email' for persons and custom tables). */
export function requiredDestinationColumns(table: DestinationTable | undefined): string[] {
  return (table?.columns ?? []).filter((c) => c.required).map((c) => c.name);
}

export interface SyncSaveCheck {
  /** Toast texts (spec 5: joined with a comma), each once. */
  errors: string[];
  /** Inline texts per table, keyed by the table's index in `tables`. */
  tables: Record<number, string[]>;
}

const tableKey = (t: Pick<SyncTable, 'table_name' | 'destination_table_name'>) =>
  `${t.table_name}\u0000${t.destination_table_name ?? CUSTOM_DESTINATION_TABLE}`;

/**
 * Spec 5 "Warehouse sync save", shared by the setup form and the service. `destinations` is the
 * /warehouse/destination/table.list answer for the connection; a table without destination is a
 * custom table. `saved` are the tables of the connection's saved sync: they keep their destination
 * even if another connection uses it too, so the sync stays editable.
 */
export function validateSyncSave(
  input: { tables: readonly z.input<typeof syncTableSchema>[]; sync_interval?: number | null },
  destinations: readonly DestinationTable[],
  saved: readonly Pick<SyncTable, 'table_name' | 'destination_table_name'>[] = [],
): SyncSaveCheck {
  const m = warehouseSyncMessages;
  const errors = new Set<string>();
  const inline: Record<number, string[]> = {};
  const flag = (index: number, toast: string | null, text: string) => {
    if (toast) errors.add(toast);
    const list = (inline[index] ??= []);
    if (!list.includes(text)) list.push(text);
  };
  if (input.sync_interval === null || input.sync_interval === undefined) errors.add(m.frequencyRequired);
  else if (!isValidSyncInterval(input.sync_interval)) errors.add(m.invalidFrequency);
  if (input.tables.length === 0) errors.add(m.tableRequired);

  const savedKeys = new Set(saved.map(tableKey));
  const destinationUse = new Map<string, number>();
  const sourceTables = new Set<string>();
  input.tables.forEach((table, index) => {
    const destinationName = table.destination_table_name ?? CUSTOM_DESTINATION_TABLE;
    const custom = destinationName === CUSTOM_DESTINATION_TABLE;
    const destination = destinations.find((d) => d.table_name === destinationName);
    const uses = (destinationUse.get(destinationName) ?? 0) + 1;
    destinationUse.set(destinationName, uses);
    if (!destination || (uses > 1 && !destination.multi_source))
      flag(index, m.destinationTableInUse, m.destinationTableInUse);
    else if (destination.used_in_connection && !destination.multi_source && !savedKeys.has(tableKey(table)))
      flag(index, m.destinationTableInOtherConnection, m.destinationTableInOtherConnection);
    if (sourceTables.has(table.table_name)) flag(index, m.sourceTableTwice, m.sourceTableTwice);
    sourceTables.add(table.table_name);

    const columns = table.columns;
    if (columns.length === 0) flag(index, custom ? m.customTableNeedsColumn : null, m.atleastOneColumn);
    const mapped = new Set(columns.map((c) => c.destination_column_name));
    if (requiredDestinationColumns(destination).some((name) => !mapped.has(name)))
      flag(index, m.requiredFieldsMissing, m.unmappedRequiredFields);
    const keys = columns.filter((c) => c.primary_key).length;
    if (!custom && keys === 0) flag(index, m.personTablePrimaryKey, m.selectPrimaryKey);
    if (keys > 1) flag(index, m.onePrimaryKey, m.onePrimaryKey);
    if (new Set(columns.map((c) => c.column_name)).size < columns.length)
      flag(index, m.columnMappedTwice, m.columnMappedTwice);
    if (mapped.size < columns.length) flag(index, m.destinationColumnTwice, m.destinationColumnTwice);
  });
  return { errors: [...errors], tables: inline };
}

/** Source columns the form may still offer for a table: those not mapped already (spec 5). */
export function unmappedSourceColumns(all: readonly string[], table: Pick<SyncTable, 'columns'>): string[] {
  const taken = new Set(table.columns.map((c) => c.column_name));
  return all.filter((name) => !taken.has(name));
}

/**
 * Destination tables the picker offers (spec 5): one in use, by this sync or by another connection,
 * is left out unless multi_source.
 */
export function offeredDestinationTables(
  destinations: readonly DestinationTable[],
  tables: readonly Pick<SyncTable, 'destination_table_name'>[],
): DestinationTable[] {
  const used = new Set(tables.map((t) => t.destination_table_name ?? CUSTOM_DESTINATION_TABLE));
  return destinations.filter((d) => d.multi_source || (!d.used_in_connection && !used.has(d.table_name)));
}

/**
 * Spec 4: a saved sync is not editable later. Every saved table stays, with its cursor column and
 * every saved column unchanged (destination, primary key); new columns and new tables may be added.
 * Returns `locked` when the edit breaks that, else null.
 */
export function checkSyncLocked(
  saved: readonly SyncTable[],
  next: readonly z.input<typeof syncTableSchema>[],
): string | null {
  const nextByKey = new Map(next.map((t) => [tableKey(t), t]));
  for (const table of saved) {
    const edited = nextByKey.get(tableKey(table));
    if (!edited) return warehouseSyncMessages.locked;
    if ((edited.cursor_column ?? null) !== (table.cursor_column ?? null)) return warehouseSyncMessages.locked;
    for (const column of table.columns) {
      const same = edited.columns.find((c) => c.column_name === column.column_name);
      if (
        !same ||
        same.destination_column_name !== column.destination_column_name ||
        (same.primary_key ?? false) !== column.primary_key
      )
        return warehouseSyncMessages.locked;
    }
  }
  return null;
}
