import { makeSalesforceId, normalizeSalesforceId } from './salesforce-ids';
import { SalesforceStore } from './salesforce-store';
import { executeSoql } from './soql-executor';
import { parseSoql } from './soql-parser';

describe('Salesforce ids', () => {
  it('adds the case-safe suffix Salesforce computes for a 15-character id', () => {
    expect(normalizeSalesforceId('001A0000006Vm9r')).toBe('001A0000006Vm9rIAC');
    expect(normalizeSalesforceId('001A0000006Vm9rIAC')).toBe('001A0000006Vm9rIAC');
    expect(normalizeSalesforceId('not an id')).toBeNull();
  });

  it('makes 18-character ids that keep their own checksum and sort by creation', () => {
    const ids = [1, 61, 62, 3843, 200_000].map((n) => makeSalesforceId('003', n));
    for (const id of ids) {
      expect(id).toHaveLength(18);
      expect(normalizeSalesforceId(id.slice(0, 15))).toBe(id);
    }
    expect([...ids].sort()).toEqual(ids);
  });
});

describe('SOQL subset', () => {
  it('parses fields, nested conditions, order, limit and offset', () => {
    expect(
      parseSoql(
        "SELECT Id, Email FROM Lead WHERE (SystemModstamp > 2026-01-01T00:00:00.000+0000 OR Id IN ('a', 'b')) AND NOT Email = null ORDER BY SystemModstamp DESC NULLS LAST, Id LIMIT 10 OFFSET 5",
      ),
    ).toEqual({
      object: 'Lead',
      fields: ['Id', 'Email'],
      where: {
        kind: 'and',
        items: [
          {
            kind: 'or',
            items: [
              {
                kind: 'compare',
                field: 'SystemModstamp',
                op: '>',
                value: { datetime: Date.parse('2026-01-01T00:00:00Z') },
              },
              { kind: 'in', field: 'Id', negate: false, values: ['a', 'b'] },
            ],
          },
          { kind: 'not', item: { kind: 'compare', field: 'Email', op: '=', value: null } },
        ],
      },
      orderBy: [
        { field: 'SystemModstamp', descending: true, nullsLast: true },
        { field: 'Id', descending: false, nullsLast: false },
      ],
      limit: 10,
      offset: 5,
    });
  });

  it('rejects what it does not understand with MALFORMED_QUERY', () => {
    for (const soql of [
      'SELECT FROM Lead',
      'SELECT Id FROM Lead WHERE Email',
      'SELECT Id FROM Lead LIMIT x',
      'DELETE Lead',
    ]) {
      expect(() => parseSoql(soql)).toThrow(expect.objectContaining({ errorCode: 'MALFORMED_QUERY' }));
    }
  });
});

describe('the fake org store', () => {
  it('seeds 200,000 records and pages through them by SystemModstamp and Id', () => {
    const store = new SalesforceStore('005000000000001AAA');
    const base = Date.parse('2026-03-01T00:00:00Z');
    const rows = Array.from({ length: 200_000 }, (_, i) => ({
      LastName: `C${i}`,
      Email: `c${i}@example.com`,
      // Ten rows per stamp: the page boundary falls inside a run of equal stamps.
      SystemModstamp: base + Math.floor(i / 10),
    }));
    const ids = store.seed('Contact', rows);
    expect(store.count('Contact')).toBe(200_000);

    let seen = 0;
    let cursor = { stamp: '2026-02-28T00:00:00.000Z', id: '' };
    for (;;) {
      const where = cursor.id
        ? `SystemModstamp > ${cursor.stamp} OR (SystemModstamp = ${cursor.stamp} AND Id > '${cursor.id}')`
        : `SystemModstamp > ${cursor.stamp}`;
      const page = executeSoql(
        store,
        parseSoql(
          `SELECT Id, SystemModstamp FROM Contact WHERE ${where} ORDER BY SystemModstamp, Id LIMIT 1995`,
        ),
        false,
      ).records;
      if (page.length === 0) break;
      expect(page[0]!.Id).toBe(ids[seen]);
      seen += page.length;
      const last = page.at(-1)!;
      cursor = { stamp: new Date(last.SystemModstamp as number).toISOString(), id: last.Id as string };
    }
    expect(seen).toBe(200_000);
    // A bound for a busy shared machine, not a measurement (it takes about a second of CPU).
  }, 180_000);

  it('compares text without case and ids exactly, and hides deleted rows from query', () => {
    const store = new SalesforceStore('005000000000001AAA');
    const [a, b] = store.seed('Lead', [
      { LastName: 'A', Company: 'X', Email: 'Mixed@Example.com' },
      { LastName: 'B', Company: 'X', Email: 'other@example.com', IsDeleted: true },
    ]);
    const run = (soql: string, all = false) =>
      executeSoql(store, parseSoql(soql), all).records.map((r) => r.Id);
    expect(run("SELECT Id FROM Lead WHERE Email = 'mixed@example.COM'")).toEqual([a]);
    expect(run(`SELECT Id FROM Lead WHERE Id = '${a!.slice(0, 15)}'`)).toEqual([a]);
    expect(run('SELECT Id FROM Lead')).toEqual([a]);
    expect(run('SELECT Id FROM Lead', true)).toEqual([a, b]);
    expect(run("SELECT Id FROM Lead WHERE Email != 'other@example.com'", true)).toEqual([a]);
  });
});
