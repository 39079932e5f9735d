import type { ImportColumn } from './import-columns';
import { mapColumns, fieldName } from './import-columns';
import { DEFAULT_FIELDS } from '../persons/person-fields';
import { literal, safeHeader, stagingTable, upsertSql } from './import-sql';

const columns: ImportColumn[] = mapColumns(['Email', 'First Name', "Shoe's Size"], [...DEFAULT_FIELDS]);

describe('import columns and SQL', () => {
  it('maps headers to default fields by name or display, and new ones to custom fields', () => {
    expect(columns.map((c) => [c.field, c.custom, c.isNew])).toEqual([
      ['email', false, false],
      ['first_name', false, false],
      ['shoe_s_size', true, true],
    ]);
    expect(fieldName('2024 Score!')).toBe('f_2024_score');
  });

  it('quotes user text as literals', () => {
    expect(literal("O'Brien")).toBe("'O''Brien'");
    expect(upsertSql(stagingTable('00000000-0000-0000-0000-000000000001'), columns, { enableUpdate: false, overwriteValues: false, ignoreBlank: false })).toContain(
      "jsonb_build_object('shoe_s_size', c.c2)",
    );
  });

  it('refuses a staging name that is not an id', () => {
    expect(() => stagingTable('x; DROP TABLE y')).toThrow();
  });

  it('escapes formula-looking headers for reports', () => {
    expect(safeHeader('=cmd')).toBe("'=cmd");
    expect(safeHeader('email')).toBe('email');
  });
});
