import type { DestinationTable, SyncStructure } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { offeredDestinations, syncSaveBody, validateSyncSetup } from './sync-setup-rules';
import {
  customFieldName,
  initialSyncSetup,
  syncSetupReducer,
  type SyncSetupAction,
  type SyncSetupState,
} from './sync-setup-state';

const destinations: DestinationTable[] = [
  {
    table_name: 'person',
    default: true,
    used_in_connection: false,
    multi_source: false,
    columns: [
      { name: 'email', required: true },
      { name: 'first_name', required: false },
      { name: 'last_name', required: false },
    ],
  },
  { table_name: 'Custom Table', default: false, used_in_connection: false, multi_source: true, columns: [] },
];

const run = (actions: SyncSetupAction[], from: SyncSetupState = initialSyncSetup) =>
  actions.reduce(syncSetupReducer, from);

const fresh = run([{ type: 'load', sync: null, defaultInterval: 2 }]);

describe('the sync setup (spec 4 and 5)', () => {
  it('starts clean with the default interval; any edit makes it dirty', () => {
    expect(fresh).toMatchObject({ dirty: false, syncInterval: 2, existing: false, tables: [] });
    expect(run([{ type: 'setInterval', index: 3 }], fresh).dirty).toBe(true);
    expect(run([{ type: 'setInterval', index: 2 }], fresh).dirty).toBe(false);
  });

  it('maps a source column once, and keeps one primary key per table', () => {
    const state = run(
      [
        { type: 'addTable', table_name: 'customers', destination_table_name: 'person' },
        {
          type: 'mapColumn',
          table_name: 'customers',
          destination_column_name: 'email',
          column_name: 'email',
        },
        // The same source column for another field: refused.
        {
          type: 'mapColumn',
          table_name: 'customers',
          destination_column_name: 'first_name',
          column_name: 'email',
        },
        {
          type: 'mapColumn',
          table_name: 'customers',
          destination_column_name: 'first_name',
          column_name: 'given',
        },
        { type: 'togglePrimaryKey', table_name: 'customers', destination_column_name: 'email' },
        { type: 'togglePrimaryKey', table_name: 'customers', destination_column_name: 'first_name' },
      ],
      fresh,
    );
    const columns = state.tables[0]!.columns;
    expect(columns.map((c) => [c.destination_column_name, c.column_name, c.primary_key])).toEqual([
      ['email', 'email', false],
      ['first_name', 'given', true],
    ]);
    expect(state.selected).toBe('customers');
  });

  it("maps custom columns under the snake case of their name ('Map as custom columns')", () => {
    expect(customFieldName('Plan Tier')).toBe('plan_tier');
    expect(customFieldName('lifetimeValue')).toBe('lifetime_value');
    const state = run(
      [
        { type: 'addTable', table_name: 'customers', destination_table_name: 'person' },
        { type: 'setCustomColumns', table_name: 'customers', column_names: ['Plan Tier', 'seats'] },
        { type: 'setCustomColumns', table_name: 'customers', column_names: ['seats'] },
      ],
      fresh,
    );
    expect(state.tables[0]!.columns).toEqual([
      {
        column_name: 'seats',
        destination_column_name: 'seats',
        primary_key: false,
        custom: true,
        saved: false,
      },
    ]);
  });

  it('validates with the spec texts, per table and for the toast', () => {
    const empty = validateSyncSetup(run([{ type: 'setInterval', index: null }], fresh), destinations);
    expect(empty.messages).toEqual(['Sync frequency is required', 'Add at least one table to sync']);

    const state = run(
      [
        { type: 'addTable', table_name: 'customers', destination_table_name: 'person' },
        {
          type: 'mapColumn',
          table_name: 'customers',
          destination_column_name: 'first_name',
          column_name: 'given',
        },
        { type: 'addTable', table_name: 'events', destination_table_name: null },
      ],
      fresh,
    );
    const check = validateSyncSetup(state, destinations);
    expect(check.messages).toEqual([
      'Required fields are missing',
      'Primary key should be selected for person table',
      'Custom table needs atleast one column',
    ]);
    expect(check.byTable.customers!.inline).toEqual([
      'There are some unmapped required fields',
      'Select a primary key',
    ]);
    expect(check.byTable.events!.inline).toEqual(['Atleast one column required']);
  });

  it('sends the sync structure, without a destination for a custom table', () => {
    const state = run(
      [
        { type: 'addTable', table_name: 'customers', destination_table_name: 'person' },
        {
          type: 'mapColumn',
          table_name: 'customers',
          destination_column_name: 'email',
          column_name: 'email',
        },
        { type: 'togglePrimaryKey', table_name: 'customers', destination_column_name: 'email' },
        { type: 'setCursorColumn', table_name: 'customers', column_name: 'updated_at' },
        { type: 'addTable', table_name: 'events', destination_table_name: null },
        { type: 'setCustomColumns', table_name: 'events', column_names: ['kind'] },
      ],
      fresh,
    );
    expect(validateSyncSetup(state, destinations).messages).toEqual([]);
    expect(syncSaveBody('c-1', state)).toEqual({
      connection_id: 'c-1',
      sync_interval: 2,
      enable_sync: true,
      tables: [
        {
          table_name: 'customers',
          destination_table_name: 'person',
          cursor_column: 'updated_at',
          columns: [{ column_name: 'email', destination_column_name: 'email', primary_key: true }],
        },
        {
          table_name: 'events',
          columns: [{ column_name: 'kind', destination_column_name: 'kind', primary_key: false }],
        },
      ],
    });
  });

  it('offers the person table once, the custom table always', () => {
    const linked = run(
      [{ type: 'addTable', table_name: 'customers', destination_table_name: 'person' }],
      fresh,
    );
    expect(offeredDestinations(destinations, fresh).map((d) => d.table_name)).toEqual([
      'person',
      'Custom Table',
    ]);
    expect(offeredDestinations(destinations, linked).map((d) => d.table_name)).toEqual(['Custom Table']);
  });

  it('leaves out the person table another connection syncs into, unless this sync saved it already', () => {
    const elsewhere = destinations.map((d) => ({ ...d, used_in_connection: true }));
    expect(offeredDestinations(elsewhere, fresh).map((d) => d.table_name)).toEqual(['Custom Table']);

    const mapped: SyncSetupAction[] = [
      { type: 'mapColumn', table_name: 'customers', destination_column_name: 'email', column_name: 'email' },
      { type: 'togglePrimaryKey', table_name: 'customers', destination_column_name: 'email' },
    ];
    const added = run(
      [{ type: 'addTable', table_name: 'customers', destination_table_name: 'person' }, ...mapped],
      fresh,
    );
    expect(validateSyncSetup(added, elsewhere).messages).toEqual([
      'This table is already synced from another connection',
    ]);
    const saved: SyncStructure = {
      connection_id: 'c-1',
      sync_interval: 2,
      enable_sync: true,
      tables: [
        { ...syncSaveBody('c-1', added).tables[0]!, destination_table_name: 'person', cursor_column: null },
      ],
    };
    const extended = run(
      [
        {
          type: 'mapColumn',
          table_name: 'customers',
          destination_column_name: 'first_name',
          column_name: 'given',
        },
      ],
      run([{ type: 'load', sync: saved, defaultInterval: 2 }]),
    );
    expect(validateSyncSetup(extended, elsewhere).messages).toEqual([]);
  });

  it('locks a saved sync: its tables stay, its columns and key cannot change, new columns may be added', () => {
    const saved: SyncStructure = {
      connection_id: 'c-1',
      sync_interval: 2,
      enable_sync: true,
      tables: [
        {
          table_name: 'customers',
          destination_table_name: 'person',
          cursor_column: null,
          columns: [{ column_name: 'email', destination_column_name: 'email', primary_key: true }],
        },
      ],
    };
    const loaded = run([{ type: 'load', sync: saved, defaultInterval: 2 }]);
    expect(loaded).toMatchObject({ existing: true, dirty: false, selected: 'customers' });
    const tried = run(
      [
        { type: 'removeTable', table_name: 'customers' },
        {
          type: 'mapColumn',
          table_name: 'customers',
          destination_column_name: 'email',
          column_name: 'other',
        },
        { type: 'mapColumn', table_name: 'customers', destination_column_name: 'email', column_name: null },
        { type: 'togglePrimaryKey', table_name: 'customers', destination_column_name: 'email' },
        { type: 'setCursorColumn', table_name: 'customers', column_name: 'updated_at' },
      ],
      loaded,
    );
    expect(tried).toBe(loaded);
    const extended = run(
      [
        {
          type: 'mapColumn',
          table_name: 'customers',
          destination_column_name: 'first_name',
          column_name: 'given',
        },
      ],
      loaded,
    );
    expect(extended.dirty).toBe(true);
    expect(extended.tables[0]!.columns.map((c) => c.column_name)).toEqual(['email', 'given']);
  });
});
