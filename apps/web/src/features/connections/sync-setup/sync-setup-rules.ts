import {
  CUSTOM_DESTINATION_TABLE,
  offeredDestinationTables,
  validateSyncSave,
  type DestinationTable,
} from '@meridian/contracts';
import { isCustomTable, type SyncSetupState } from './sync-setup-state';

export interface SetupValidation {
  /** The save toast's messages, in order, each once (spec 5: joined with a comma). */
  messages: string[];
  /** Inline texts of the column mapping panel, by source table name. */
  byTable: Record<string, { inline: string[] }>;
}

/** The save call's body (spec 3 "Sync structure"; destination_table_name omitted for custom tables). */
export function syncSaveBody(connectionId: string, state: SyncSetupState) {
  return {
    connection_id: connectionId,
    sync_interval: state.syncInterval ?? undefined,
    enable_sync: state.enableSync,
    tables: state.tables.map((table) => ({
      table_name: table.table_name,
      ...(isCustomTable(table) ? {} : { destination_table_name: table.destination_table_name }),
      columns: table.columns.map(({ column_name, destination_column_name, primary_key }) => ({
        column_name,
        destination_column_name,
        primary_key,
      })),
      ...(table.cursor_column ? { cursor_column: table.cursor_column } : {}),
    })),
  };
}

/** Spec 5, "Warehouse sync save": the same check the service runs, keyed for the screen. */
export function validateSyncSetup(state: SyncSetupState, destinations: DestinationTable[]): SetupValidation {
  const body = syncSaveBody('', state);
  // The saved sync's tables keep their destinations, even one another connection feeds too.
  const saved = state.tables.filter((table) => table.saved);
  const check = validateSyncSave(
    { tables: body.tables, sync_interval: state.syncInterval },
    destinations,
    saved,
  );
  const byTable: SetupValidation['byTable'] = {};
  state.tables.forEach((table, index) => {
    byTable[table.table_name] = { inline: check.tables[index] ?? [] };
  });
  return { messages: check.errors, byTable };
}

/**
 * The destination tables the picker offers: one in use here or by another connection is left out
 * unless multi_source.
 */
export function offeredDestinations(
  destinations: DestinationTable[],
  state: SyncSetupState,
): DestinationTable[] {
  return offeredDestinationTables(destinations, state.tables);
}

/** Source tables not linked yet (a source table syncs once). */
export function offeredSources(sourceTables: string[], state: SyncSetupState): string[] {
  const linked = new Set(state.tables.map((t) => t.table_name));
  return sourceTables.filter((name) => !linked.has(name));
}

/** The destination name stored for a picked entry: the 'Custom Table' entry stores none. */
export function destinationNameOf(picked: string): string | null {
  return picked === CUSTOM_DESTINATION_TABLE ? null : picked;
}

/**
 * The interval choices from the constants call: its keys ('1h') as labels; the value stored is
 * the index into those keys (spec 3: a connection's sync_interval).
 */
export function intervalOptions(intervals: Record<string, number>): { value: string; label: string }[] {
  return Object.keys(intervals).map((label, index) => ({ value: String(index), label }));
}

/** The index of the default interval key ('1h'), or null when the constants do not list it. */
export function defaultIntervalIndex(intervals: Record<string, number>, key: string): number | null {
  const index = Object.keys(intervals).indexOf(key);
  return index < 0 ? null : index;
}
