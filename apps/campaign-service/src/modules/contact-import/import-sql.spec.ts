import type { ImportColumn } from './import-columns';
import { mapColumns, fieldName } from './import-columns';
import { DEFAULT_PERSON_FIELDS } from '@meridian/contracts';
import { createStagingSql, duplicatesSql, insertSql, literal, safeHeader, stagingTable, updateSql } from './import-sql';

const columns: ImportColumn[] = mapColumns(['Email', 'First Name', "Shoe's Size"], [...DEFAULT_PERSON_FIELDS]);

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
    expect(updateSql(stagingTable('00000000-0000-0000-0000-000000000001'), columns, { enableUpdate: true, overwriteValues: true, ignoreBlank: false })).toContain(
      "ARRAY['shoe_s_size']::text[]",
    );
  });

  it('inserts without a conflict check first, and with one on the retry', () => {
    const table = stagingTable('00000000-0000-0000-0000-000000000001');
    expect(insertSql(table, columns, false, { pages: [0, 10] })).not.toContain('ON CONFLICT');
    expect(insertSql(table, columns, true, 'all')).toContain('ON CONFLICT (organisation_id, lower(email)) DO NOTHING');
  });

  it('updates only contacts whose values change, by the chosen rule', () => {
    const table = stagingTable('00000000-0000-0000-0000-000000000001');
    const fill = updateSql(table, columns, { enableUpdate: true, overwriteValues: false, ignoreBlank: false });
    expect(fill).toContain('first_name = COALESCE(p.first_name, c.c1)');
    expect(fill).toContain('IS DISTINCT FROM');
    const overwrite = updateSql(table, columns, { enableUpdate: true, overwriteValues: true, ignoreBlank: false });
    expect(overwrite).toContain('first_name = c.c1');
    expect(overwrite).toContain("(p.custom_fields - ARRAY['shoe_s_size']::text[])");
    expect(updateSql(table, columns, { enableUpdate: true, overwriteValues: true, ignoreBlank: true })).toContain(
      'first_name = COALESCE(c.c1, p.first_name)',
    );
  });

  it('checks rows while COPY writes them, and finds duplicates by grouping on the email', () => {
    const table = stagingTable('00000000-0000-0000-0000-000000000001');
    const staging = createStagingSql(table, columns);
    expect(staging).toContain("problem text GENERATED ALWAYS AS (CASE WHEN c0 IS NULL");
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
