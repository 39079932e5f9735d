import {
  checkSyncLocked,
  CUSTOM_DESTINATION_TABLE,
  type DestinationTable,
  offeredDestinationTables,
  PERSON_DESTINATION_TABLE,
  unmappedSourceColumns,
  validateSyncSave,
  warehouseSyncMessages as m,
  warehouseSyncRunListContract,
} from './warehouse-sync.contract';

const destinations: DestinationTable[] = [
  {
    table_name: PERSON_DESTINATION_TABLE,
    default: true,
    used_in_connection: false,
    columns: [
      { name: 'email', required: true },
      { name: 'first_name', required: false },
    ],
    multi_source: false,
  },
  {
    table_name: CUSTOM_DESTINATION_TABLE,
    default: false,
    used_in_connection: false,
    columns: [{ name: 'email', required: true }],
    multi_source: true,
  },
];

const personTable = {
  table_name: 'users',
  destination_table_name: 'person',
  columns: [
    { column_name: 'id', destination_column_name: 'user_id', primary_key: true },
    { column_name: 'mail', destination_column_name: 'email', primary_key: false },
  ],
};

describe('validateSyncSave', () => {
  it('accepts a person table with its required field and one primary key', () => {
    expect(validateSyncSave({ tables: [personTable], sync_interval: 2 }, destinations)).toEqual({
      errors: [],
      tables: {},
    });
  });

  it('names the missing frequency and an unknown one', () => {
    expect(validateSyncSave({ tables: [personTable], sync_interval: null }, destinations).errors).toEqual([
      m.frequencyRequired,
    ]);
    expect(validateSyncSave({ tables: [personTable], sync_interval: 7 }, destinations).errors).toEqual([
      m.invalidFrequency,
    ]);
  });

  it('gives the spec texts for a missing required field, primary key and empty custom table', () => {
    const check = validateSyncSave(
      {
        sync_interval: 2,
        tables: [
          { ...personTable, columns: [{ column_name: 'id', destination_column_name: 'user_id' }] },
          { table_name: 'extra', columns: [] },
        ],
      },
      destinations,
    );
    expect(check.errors).toEqual([
      m.requiredFieldsMissing,
      m.personTablePrimaryKey,
      m.customTableNeedsColumn,
    ]);
    expect(check.tables[0]).toEqual([m.unmappedRequiredFields, m.selectPrimaryKey]);
    expect(check.tables[1]).toEqual([m.atleastOneColumn, m.unmappedRequiredFields]);
  });

  it('refuses two primary keys, a source column twice and the person table twice', () => {
    const twoKeys = {
      ...personTable,
      columns: [
        ...personTable.columns.map((c) => ({ ...c, primary_key: true })),
        { column_name: 'mail', destination_column_name: 'first_name' },
      ],
    };
    const check = validateSyncSave({ tables: [twoKeys, { ...personTable, table_name: 'b' }] }, destinations);
    expect(check.errors).toEqual([
      m.frequencyRequired,
      m.onePrimaryKey,
      m.columnMappedTwice,
      m.destinationTableInUse,
    ]);
  });

  it('lets the custom table be used many times', () => {
    const custom = {
      table_name: 'scores',
      columns: [
        { column_name: 'mail', destination_column_name: 'email' },
        { column_name: 'score', destination_column_name: 'score' },
      ],
    };
    const check = validateSyncSave(
      { tables: [personTable, custom, { ...custom, table_name: 'other' }], sync_interval: 0 },
      destinations,
    );
    expect(check.errors).toEqual([]);
    expect(offeredDestinationTables(destinations, [personTable]).map((d) => d.table_name)).toEqual([
      CUSTOM_DESTINATION_TABLE,
    ]);
    expect(unmappedSourceColumns(['id', 'mail', 'name'], personTable)).toEqual(['name']);
  });
});

describe('a destination table another connection syncs into', () => {
  const elsewhere = destinations.map((d) => ({ ...d, used_in_connection: true }));

  it('is not offered unless multi_source', () => {
    expect(offeredDestinationTables(elsewhere, []).map((d) => d.table_name)).toEqual([
      CUSTOM_DESTINATION_TABLE,
    ]);
    expect(offeredDestinationTables(destinations, []).map((d) => d.table_name)).toEqual([
      PERSON_DESTINATION_TABLE,
      CUSTOM_DESTINATION_TABLE,
    ]);
  });

  it('cannot be added by a save, with the table named inline and in the toast', () => {
    const custom = {
      table_name: 'scores',
      columns: [{ column_name: 'mail', destination_column_name: 'email' }],
    };
    const check = validateSyncSave({ tables: [custom, personTable], sync_interval: 2 }, elsewhere);
    expect(check.errors).toEqual([m.destinationTableInOtherConnection]);
    expect(check.tables).toEqual({ 1: [m.destinationTableInOtherConnection] });
  });

  it("stays in the connection's saved sync, which may still be edited", () => {
    const more = {
      ...personTable,
      columns: [...personTable.columns, { column_name: 'name', destination_column_name: 'first_name' }],
    };
    expect(validateSyncSave({ tables: [more], sync_interval: 2 }, elsewhere, [personTable])).toEqual({
      errors: [],
      tables: {},
    });
    // Saved under another source table: the new one is refused.
    const other = { ...personTable, table_name: 'members' };
    expect(validateSyncSave({ tables: [other], sync_interval: 2 }, elsewhere, [personTable]).errors).toEqual([
      m.destinationTableInOtherConnection,
    ]);
  });
});

describe('checkSyncLocked', () => {
  const saved = [{ ...personTable, destination_table_name: 'person', cursor_column: null }];
  it('allows new columns and new tables', () => {
    const next = [
      {
        ...personTable,
        columns: [...personTable.columns, { column_name: 'n', destination_column_name: 'first_name' }],
      },
      { table_name: 'x', columns: [{ column_name: 'm', destination_column_name: 'email' }] },
    ];
    expect(checkSyncLocked(saved, next)).toBeNull();
  });
  it('refuses a removed table, a removed column, a changed column and a changed cursor', () => {
    expect(checkSyncLocked(saved, [])).toBe(m.locked);
    expect(checkSyncLocked(saved, [{ ...personTable, columns: personTable.columns.slice(0, 1) }])).toBe(
      m.locked,
    );
    const changed = personTable.columns.map((c) => ({
      ...c,
      destination_column_name: `${c.destination_column_name}_x`,
    }));
    expect(checkSyncLocked(saved, [{ ...personTable, columns: changed }])).toBe(m.locked);
    expect(checkSyncLocked(saved, [{ ...personTable, cursor_column: 'updated_at' }])).toBe(m.locked);
  });
});

describe('the sync runs list', () => {
  it('wants its window in order', () => {
    const id = { connection_id: 'c1' };
    const bad = warehouseSyncRunListContract.request.safeParse({
      ...id,
      start_time: '2026-01-02T00:00:00Z',
      end_time: '2026-01-01T00:00:00Z',
    });
    expect(bad.error?.issues[0]?.message).toBe(m.rangeInvalid);
    expect(
      warehouseSyncRunListContract.request.safeParse({
        ...id,
        start_time: '2026-01-01T00:00:00Z',
        end_time: '2026-01-02T00:00:00Z',
      }).success,
    ).toBe(true);
  });
});
