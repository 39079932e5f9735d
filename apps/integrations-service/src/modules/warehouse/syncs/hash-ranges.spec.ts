import { rangeAggregates } from './hash-range-sql';
import { afterPage, aggregateOf, hashPrefix, merged, rangesToScan, unknownKeySpace } from './hash-ranges';
import type { ReadPlan } from './sync-sql';

const plan = (dialect: ReadPlan['dialect'], cursor: string | null = null): ReadPlan => ({
  dialect,
  table: '"analytics"."customers"',
  columns: ['id', 'email'],
  key: 'id',
  cursor,
  quote: (name) => `"${name.replace(/"/g, '""')}"`,
});

describe('hash ranges', () => {
  it('sums the 60-bit prefixes of MD5s, with or without the dashes of a uuid', () => {
    expect(hashPrefix('900150983cd24fb0d6963f7d28e17f72')).toBe(0x900150983cd24fbn);
    expect(hashPrefix('90015098-3cd2-4fb0-d696-3f7d28e17f72')).toBe(0x900150983cd24fbn);
    expect(aggregateOf(['f'.repeat(32), 'f'.repeat(32)])).toEqual({ rows: 2, sum: 2n * 0xfffffffffffffffn });
  });

  it('scans unknown ranges and those whose count or sum differ; an empty range is absent from the answer', () => {
    const ranges = [
      { upper: '10', rows: 2, sum: 5n },
      { upper: '20', rows: 1, sum: 3n },
      { upper: '30', rows: 0, sum: 0n },
      { upper: '40', rows: null, sum: null },
      { upper: null, rows: 4, sum: 9n },
    ];
    const answer = new Map([
      [0, { rows: 2, sum: 5n }],
      [1, { rows: 1, sum: 4n }],
      [3, { rows: 1, sum: 1n }],
    ]);
    expect(rangesToScan(ranges, answer)).toEqual([1, 3, 4]);
    expect(
      rangesToScan(ranges, new Map([...answer, [1, { rows: 1, sum: 3n }], [4, { rows: 4, sum: 9n }]])),
    ).toEqual([3]);
  });

  it('splits a range at each published page, the rest unknown, and merges known neighbours', () => {
    let ranges = afterPage(unknownKeySpace(), null, '50', { rows: 50, sum: 7n }, false);
    expect(ranges).toEqual([
      { upper: '50', rows: 50, sum: 7n },
      { upper: null, rows: null, sum: null },
    ]);
    ranges = afterPage(ranges, null, '60', { rows: 10, sum: 1n }, true);
    expect(ranges).toEqual([
      { upper: '50', rows: 50, sum: 7n },
      { upper: null, rows: 10, sum: 1n },
    ]);
    // A page that ends on the range's own bound finishes it.
    expect(afterPage(ranges, '50', '50', { rows: 50, sum: 8n }, false)[0]).toEqual({
      upper: '50',
      rows: 50,
      sum: 8n,
    });
    expect(merged(ranges, 50)).toEqual(ranges);
    expect(merged(ranges, 60)).toEqual([{ upper: null, rows: 60, sum: 8n }]);
    expect(merged([{ upper: '5', rows: 1, sum: 1n }, ...unknownKeySpace()], 100)).toHaveLength(2);
    expect(() => afterPage(ranges, '70', null, { rows: 0, sum: 0n }, true)).toThrow();
  });

  it('buckets rows by a balanced tree of bounds, each bound once and in order, per dialect', () => {
    const pg = rangeAggregates(plan('postgres'), ['10', '20', '30']);
    expect(pg.params).toEqual(['20', '10', '30']);
    expect(pg.sql).toContain(
      'CASE WHEN "id" <= $1 THEN CASE WHEN "id" <= $2 THEN 0 ELSE 1 END ELSE CASE WHEN "id" <= $3 THEN 2 ELSE 3 END END',
    );
    expect(pg.sql).toContain('AS bit(60)) AS bigint)');
    expect(pg.sql).toContain('GROUP BY b');
    const redshift = rangeAggregates({ ...plan('redshift', 'updated_at'), nullCursorOnly: true }, ['10']);
    expect(redshift.sql).toContain('CAST(STRTOL(SUBSTRING(MD5(');
    expect(redshift.sql).toContain('"updated_at" IS NULL AND "id" IS NOT NULL');
    expect(redshift.sql).not.toContain('bit(');
    const snowflake = rangeAggregates(plan('snowflake'), ['10', '20']);
    expect(snowflake.sql).toContain('TO_NUMBER(UPPER(SUBSTRING(MD5(');
    expect(snowflake.sql).toContain("'XXXXXXXXXXXXXXX')");
    expect(snowflake.sql).not.toContain('$');
    expect(snowflake.params).toEqual(['20', '10']);
    expect(rangeAggregates(plan('postgres'), []).sql).toContain('SELECT 0 AS b');
  });
});
