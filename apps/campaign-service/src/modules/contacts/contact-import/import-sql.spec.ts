import type { ImportColumn } from './import-columns';
import { mapColumns } from './import-columns';
import { DEFAULT_PERSON_FIELDS, fieldName } from '@meridian/contracts';
import {
  createStagingSql,
  duplicatesSql,
  literal,
  safeHeader,
  stagedBatch,
  stagingTable,
} from './import-sql';

const columns: ImportColumn[] = mapColumns(
  ['Email', 'First Name', "Shoe's Size"],
  [...DEFAULT_PERSON_FIELDS],
);

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
  });

  it('hands the importable rows, the default columns and the custom field names to the bulk upsert', () => {
    const table = stagingTable('00000000-0000-0000-0000-000000000001');
    expect(stagedBatch(table, columns)).toEqual({
      table,
      defaults: { email: 'c.c0', first_name: 'c.c1' },
      customFields: ['shoe_s_size'],
      rows: 'c.problem IS NULL AND c.duplicate IS NULL',
    });
  });

  it('checks rows while COPY writes them, and finds duplicates by grouping on the email', () => {
    const table = stagingTable('00000000-0000-0000-0000-000000000001');
    const staging = createStagingSql(table, columns);
    expect(staging).toContain(
      "problem text GENERATED ALWAYS AS (CASE WHEN c0 IS NULL THEN 'Email is required'",
    );
    expect(staging).toContain('key text GENERATED ALWAYS AS (lower(c0)) STORED');
    expect(duplicatesSql(table)).toContain('GROUP BY key HAVING count(*) > 1');
    expect(duplicatesSql(table)).not.toContain('OVER');
  });

  it('refuses a staging name that is not an id', () => {
    expect(() => stagingTable('x; DROP TABLE y')).toThrow();
  });

  it('escapes formula-looking headers for reports', () => {
    expect(safeHeader('=cmd')).toBe("'=cmd");
    expect(safeHeader('email')).toBe('email');
  });
});
