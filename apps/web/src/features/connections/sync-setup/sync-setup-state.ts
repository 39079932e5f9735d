import type { SyncStructure } from '@meridian/contracts';

/**
 * The sync setup screen's model (spec 2 "Warehouse sync setup", spec 4 and 5): linked tables,
 * their column mappings, the interval, and whether anything changed since the last save. Pure, so
 * the rules are tested without a screen.
 */
export interface SetupColumn {
  column_name: string;
  destination_column_name: string;
  primary_key: boolean;
  /** Mapped with 'Map as custom columns' (a new custom field) or in a custom table. */
  custom: boolean;
  /** Part of the saved sync: locked (spec 4). */
  saved: boolean;
}

export interface SetupTable {
  table_name: string;
  /** null for a custom table. */
  destination_table_name: string | null;
  columns: SetupColumn[];
  cursor_column: string | null;
  saved: boolean;
}

export interface SyncSetupState {
  tables: SetupTable[];
  /** An index into the keys of warehouse_sync_valid_intervals (spec 3). */
  syncInterval: number | null;
  enableSync: boolean;
  /** Spec 4: dirty after any edit; Save is disabled until dirty. */
  dirty: boolean;
  /** The linked table whose columns the mapping panel shows (by source table name). */
  selected: string | null;
  /** Whether a sync was saved before (its tables and columns are locked). */
  existing: boolean;
}

export type SyncSetupAction =
  | { type: 'load'; sync: SyncStructure | null; defaultInterval: number }
  | { type: 'setInterval'; index: number | null }
  | { type: 'addTable'; table_name: string; destination_table_name: string | null }
  | { type: 'removeTable'; table_name: string }
  | { type: 'select'; table_name: string }
  | { type: 'mapColumn'; table_name: string; destination_column_name: string; column_name: string | null }
  | { type: 'togglePrimaryKey'; table_name: string; destination_column_name: string }
  | { type: 'setCustomColumns'; table_name: string; column_names: string[] }
  | { type: 'setCursorColumn'; table_name: string; column_name: string | null };

export const initialSyncSetup: SyncSetupState = {
  tables: [],
  syncInterval: null,
  enableSync: true,
  dirty: false,
  selected: null,
  existing: false,
};

/** A new custom field's name: the snake case of the source column (as spec 3 names new fields). */
export function customFieldName(columnName: string): string {
  return columnName
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

export const isCustomTable = (table: Pick<SetupTable, 'destination_table_name'>) =>
  table.destination_table_name === null;

function updateTable(
  state: SyncSetupState,
  name: string,
  change: (table: SetupTable) => SetupTable,
): SyncSetupState {
  let changed = false;
  const tables = state.tables.map((table) => {
    if (table.table_name !== name) return table;
    const next = change(table);
    changed = next !== table;
    return next;
  });
  return changed ? { ...state, tables, dirty: true } : state;
}

export function syncSetupReducer(state: SyncSetupState, action: SyncSetupAction): SyncSetupState {
  switch (action.type) {
    case 'load': {
      const tables = (action.sync?.tables ?? []).map<SetupTable>((table) => ({
        table_name: table.table_name,
        destination_table_name: table.destination_table_name,
        cursor_column: table.cursor_column,
        saved: true,
        columns: table.columns.map((column) => ({
          ...column,
          custom: table.destination_table_name === null,
          saved: true,
        })),
      }));
      return {
        tables,
        syncInterval: action.sync?.sync_interval ?? action.defaultInterval,
        enableSync: action.sync?.enable_sync ?? true,
        dirty: false,
        selected: tables[0]?.table_name ?? null,
        existing: action.sync !== null,
      };
    }
    case 'setInterval':
      return action.index === state.syncInterval
        ? state
        : { ...state, syncInterval: action.index, dirty: true };
    case 'addTable':
      if (state.tables.some((table) => table.table_name === action.table_name)) return state;
      return {
        ...state,
        tables: [
          ...state.tables,
          {
            table_name: action.table_name,
            destination_table_name: action.destination_table_name,
            columns: [],
            cursor_column: null,
            saved: false,
          },
        ],
        selected: action.table_name,
        dirty: true,
      };
    case 'removeTable': {
      const table = state.tables.find((t) => t.table_name === action.table_name);
      if (!table || table.saved) return state;
      const tables = state.tables.filter((t) => t !== table);
      const selected = state.selected === table.table_name ? (tables[0]?.table_name ?? null) : state.selected;
      return { ...state, tables, selected, dirty: true };
    }
    case 'select':
      return { ...state, selected: action.table_name };
    case 'mapColumn':
      return updateTable(state, action.table_name, (table) => mapColumn(table, action));
    case 'togglePrimaryKey':
      return updateTable(state, action.table_name, (table) => {
        const target = table.columns.find(
          (c) => c.destination_column_name === action.destination_column_name,
        );
        // A saved table keeps its key: the rows already synced are identified by it.
        if (!target || table.saved) return table;
        const on = !target.primary_key;
        return {
          ...table,
          // One primary key per table (spec 5).
          columns: table.columns.map((c) => ({ ...c, primary_key: c === target ? on : false })),
        };
      });
    case 'setCustomColumns':
      return updateTable(state, action.table_name, (table) => setCustomColumns(table, action.column_names));
    case 'setCursorColumn':
      return updateTable(state, action.table_name, (table) =>
        table.saved || table.cursor_column === action.column_name
          ? table
          : { ...table, cursor_column: action.column_name },
      );
  }
}

function mapColumn(
  table: SetupTable,
  action: { destination_column_name: string; column_name: string | null },
): SetupTable {
  const current = table.columns.find((c) => c.destination_column_name === action.destination_column_name);
  if (current?.saved) return table;
  // Spec 5: an already-mapped source column cannot be chosen twice.
  if (
    action.column_name &&
    table.columns.some((c) => c !== current && c.column_name === action.column_name)
  ) {
    return table;
  }
  if (!action.column_name) {
    return current ? { ...table, columns: table.columns.filter((c) => c !== current) } : table;
  }
  if (current) {
    if (current.column_name === action.column_name) return table;
    return {
      ...table,
      columns: table.columns.map((c) => (c === current ? { ...c, column_name: action.column_name! } : c)),
    };
  }
  const column: SetupColumn = {
    column_name: action.column_name,
    destination_column_name: action.destination_column_name,
    primary_key: false,
    custom: false,
    saved: false,
  };
  return { ...table, columns: [...table.columns, column] };
}

/** The custom columns become exactly `names` (saved ones stay); other mappings are left alone. */
function setCustomColumns(table: SetupTable, names: string[]): SetupTable {
  const wanted = new Set(names);
  const kept = table.columns.filter((c) => !c.custom || c.saved || wanted.has(c.column_name));
  const taken = new Set(kept.map((c) => c.column_name));
  const added = names
    .filter((name) => !taken.has(name))
    .map<SetupColumn>((name) => ({
      column_name: name,
      destination_column_name: customFieldName(name) || name,
      primary_key: false,
      custom: true,
      saved: false,
    }));
  if (added.length === 0 && kept.length === table.columns.length) return table;
  return { ...table, columns: [...kept, ...added] };
}
