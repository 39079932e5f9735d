import { cursorPage, hashExpression, keyHashPage, type ReadPlan, rowsByKeys } from './sync-sql';

const plan = (dialect: ReadPlan['dialect'], cursor: string | null = null): ReadPlan => ({
  dialect,
  table: '"analytics"."customers"',
  columns: ['id', 'email'],
  key: 'id',
  cursor,
  quote: (name) => `"${name.replace(/"/g, '""')}"`,
});

describe('sync SQL', () => {
  it('hashes the columns in the warehouse, NULL apart from any text, with a long enough text on Redshift', () => {
    expect(hashExpression(plan('postgres'))).toBe(
      'MD5(COALESCE(CAST("id" AS text), CHR(30)) || CHR(31) || COALESCE(CAST("email" AS text), CHR(30)))',
    );
    expect(hashExpression(plan('redshift'))).toContain('CAST("email" AS VARCHAR(65535))');
    expect(hashExpression(plan('snowflake'))).toContain('CAST("email" AS VARCHAR)');
  });

  it('pages keys and hashes past the checkpoint with the dialect’s placeholders', () => {
    expect(keyHashPage(plan('postgres'), null, 100).params).toEqual([]);
    const pg = keyHashPage(plan('postgres'), '41', 100);
    expect(pg.sql).toContain('WHERE "id" > $1 ORDER BY "id" LIMIT 100');
    expect(pg.params).toEqual(['41']);
    expect(keyHashPage(plan('snowflake'), '41', 100).sql).toContain('WHERE "id" > ? ORDER BY "id"');
  });

  it('pages a cursor table’s rows without a cursor value by key and hash', () => {
    const rows = keyHashPage({ ...plan('redshift', 'updated_at'), nullCursorOnly: true }, '41', 100);
    expect(rows.sql).toContain('WHERE "updated_at" IS NULL AND "id" > $1 ORDER BY "id"');
    expect(keyHashPage({ ...plan('postgres', 'updated_at'), nullCursorOnly: true }, null, 100).sql).toContain(
      'WHERE "updated_at" IS NULL AND "id" IS NOT NULL',
    );
  });

  it('fetches changed rows by one array on Postgres and by a list elsewhere', () => {
    const pg = rowsByKeys(plan('postgres'), ['1', '2']);
    expect(pg.sql).toContain('"id" = ANY($1)');
    expect(pg.params).toEqual([['1', '2']]);
    const rs = rowsByKeys(plan('redshift'), ['1', '2']);
    expect(rs.sql).toContain('"id" IN ($1, $2)');
    expect(rowsByKeys(plan('snowflake'), ['1', '2']).sql).toContain('"id" IN (?, ?)');
  });

  it('reads past the high-water mark by cursor, then key, without row comparison', () => {
    const sf = cursorPage(plan('snowflake', 'updated_at'), { value: 'v', key: 'k' }, 10);
    expect(sf.sql).toContain('("updated_at" > ? OR ("updated_at" = ? AND "id" > ?))');
    expect(sf.sql).toContain('ORDER BY "updated_at", "id" LIMIT 10');
    expect(sf.params).toEqual(['v', 'v', 'k']);
    const pg = cursorPage(plan('postgres', 'updated_at'), { value: 'v', key: 'k' }, 10);
    expect(pg.sql).toContain('("updated_at" > $1 OR ("updated_at" = $2 AND "id" > $3))');
    expect(() => cursorPage(plan('postgres'), null, 10)).toThrow();
  });
});
