import type { Connection } from 'jsforce';
import { eventually } from '../eventually';
import { FakeSalesforce } from './fake-salesforce';
import { connectWithJsforce } from './fake-salesforce.spec-support';

const ROWS = 50_000;
/** 50,000 rows through CSV both ways on a shared 2-core machine: a bound, never a measurement. */
const SLOW = 240_000;

describe('fake Salesforce: Bulk API 2.0 through jsforce', () => {
  let fake: FakeSalesforce;
  let conn: Connection;

  beforeEach(async () => {
    fake = await FakeSalesforce.start();
    conn = await connectWithJsforce(fake);
    conn.bulk2.pollInterval = 50;
    conn.bulk2.pollTimeout = 120_000;
  });
  afterEach(() => fake.stop());

  it(
    `ingests ${ROWS} contacts with per-row successes and failures`,
    async () => {
      fake.addField('Contact', { name: 'Meridian_Id__c', type: 'string', externalId: true, unique: true });
      fake.setFieldAccess('Contact', 'Department', { editable: false });
      const rows = Array.from({ length: ROWS }, (_, i) => ({
        Meridian_Id__c: `m-${i}`,
        LastName: `Person ${i}`,
        Email: i % 10_000 === 7 ? 'broken-email' : `person${i}@example.com`,
        HasOptedOutOfEmail: i % 2 === 0,
      }));
      const results = await conn.bulk2.loadAndWaitForResults({
        object: 'Contact',
        operation: 'upsert',
        externalIdFieldName: 'Meridian_Id__c',
        input: rows,
      });
      expect(results.successfulResults).toHaveLength(ROWS - 5);
      expect(results.failedResults).toHaveLength(5);
      expect(results.failedResults[0]).toMatchObject({
        sf__Id: '',
        sf__Error: 'INVALID_EMAIL_ADDRESS:Email: invalid email address: broken-email:Email --',
        Meridian_Id__c: 'm-7',
      });
      expect(results.successfulResults[0]).toMatchObject({ sf__Created: 'true', Meridian_Id__c: 'm-0' });
      expect(results.unprocessedRecords).toEqual([]);
      expect(fake.count('Contact')).toBe(ROWS - 5);
      expect(fake.find('Contact', 'Meridian_Id__c', 'm-1')[0]).toMatchObject({
        Email: 'person1@example.com',
        HasOptedOutOfEmail: false,
      });

      // A second pass updates in place; a read-only field fails each row it touches.
      const update = await conn.bulk2.loadAndWaitForResults({
        object: 'Contact',
        operation: 'upsert',
        externalIdFieldName: 'Meridian_Id__c',
        // Empty cells leave a field alone; the second row touches the read-only field.
        input: 'Meridian_Id__c,Title,Department\nm-1,Engineer,\nm-2,,R&D\n',
      });
      expect(update.successfulResults).toMatchObject([{ sf__Created: 'false', Meridian_Id__c: 'm-1' }]);
      expect(update.failedResults[0]!.sf__Error).toMatch(/^INVALID_FIELD_FOR_INSERT_UPDATE:/);
      expect(fake.find('Contact', 'Meridian_Id__c', 'm-1')[0]!.Title).toBe('Engineer');
      expect(fake.calls.bulkIngest).toBeGreaterThanOrEqual(2 * 6);
    },
    SLOW,
  );

  it('fails a job whose CSV names an unknown field', async () => {
    await expect(
      conn.bulk2.loadAndWaitForResults({
        object: 'Lead',
        operation: 'insert',
        input: 'LastName,Nope\nA,B\n',
      }),
    ).rejects.toThrow('InvalidBatch : Field name not found : Nope');
    // jsforce deletes the failed job without waiting; let that call land before the fake stops.
    await eventually(async () => fake.requestLog.some((r) => r.method === 'DELETE' && r.status === 204));
  });

  function seedLeads(): number {
    const base = Date.parse('2026-02-01T00:00:00Z');
    fake.seed(
      'Lead',
      Array.from({ length: ROWS }, (_, i) => ({
        LastName: `Lead, "${i}"`,
        Company: 'Acme',
        Email: `lead${i}@example.com`,
        NumberOfEmployees: i,
        SystemModstamp: base + i,
      })),
    );
    return base;
  }

  it(
    `streams a ${ROWS}-row query job through jsforce`,
    async () => {
      const base = seedLeads();
      const records: Array<Record<string, string>> = [];
      const stream = await conn.bulk2.query(
        'SELECT Id, LastName, Email, NumberOfEmployees, SystemModstamp FROM Lead ORDER BY SystemModstamp, Id',
      );
      await new Promise<void>((resolve, reject) => {
        stream.on('record', (record: Record<string, string>) => records.push(record));
        stream.on('end', () => resolve());
        stream.on('error', reject);
      });
      expect(records).toHaveLength(ROWS);
      expect(records[0]).toMatchObject({
        LastName: 'Lead, "0"',
        Email: 'lead0@example.com',
        NumberOfEmployees: '0',
      });
      expect(records[ROWS - 1]).toMatchObject({
        Email: `lead${ROWS - 1}@example.com`,
        SystemModstamp: new Date(base + ROWS - 1).toISOString(),
      });
      expect(new Set(records.map((r) => r.Id)).size).toBe(ROWS);
    },
    SLOW,
  );

  it(
    'pages query results with Sforce-Locator and maxRecords, a header on every page',
    async () => {
      seedLeads();
      const job = await conn.request<{ id: string; state: string }>({
        method: 'POST',
        url: '/jobs/query',
        body: JSON.stringify({ operation: 'query', query: 'SELECT Id, Email FROM Lead' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(job.state).toBe('UploadComplete');
      await conn.bulk2.job('query', { id: job.id }).poll(50, 120_000);

      const pages: string[][] = [];
      let locator = '';
      do {
        const url = `${fake.baseUrl}/services/data/v${conn.version}/jobs/query/${job.id}/results?maxRecords=20000${locator ? `&locator=${locator}` : ''}`;
        const response = await fetch(url, { headers: { authorization: `Bearer ${conn.accessToken}` } });
        expect(response.headers.get('content-type')).toBe('text/csv');
        const lines = (await response.text()).trimEnd().split('\n');
        expect(lines[0]).toBe('"Id","Email"');
        expect(Number(response.headers.get('sforce-numberofrecords'))).toBe(lines.length - 1);
        pages.push(lines.slice(1));
        locator = response.headers.get('sforce-locator')!;
      } while (locator !== 'null');
      expect(pages.map((p) => p.length)).toEqual([20_000, 20_000, 10_000]);
      expect(new Set(pages.flat()).size).toBe(ROWS);
    },
    SLOW,
  );
});
