import type { Connection } from 'jsforce';
import { FakeSalesforce } from './fake-salesforce';
import { connectWithJsforce } from './fake-salesforce.spec-support';

interface LeadRow {
  Id: string;
  Email: string | null;
  LastName: string;
  SystemModstamp: string;
}

describe('fake Salesforce: REST API through jsforce', () => {
  let fake: FakeSalesforce;
  let conn: Connection;

  beforeEach(async () => {
    fake = await FakeSalesforce.start();
    conn = await connectWithJsforce(fake);
  });
  afterEach(() => fake.stop());

  it('pages a query with nextRecordsUrl and queryMore, in SystemModstamp order', async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    fake.seed(
      'Lead',
      Array.from({ length: 4500 }, (_, i) => ({
        LastName: `Lead ${i}`,
        Company: 'Acme',
        Email: `lead${i}@example.com`,
        // Pairs share a stamp, so the Id tie-break matters.
        SystemModstamp: base + Math.floor(i / 2) * 1000,
      })),
    );
    const soql =
      'SELECT Id, Email, SystemModstamp FROM Lead WHERE SystemModstamp > 2026-01-01T00:00:00Z ORDER BY SystemModstamp, Id';
    const first = await conn.query<LeadRow>(soql, { autoFetch: false });
    expect(first.totalSize).toBe(4498);
    expect(first.done).toBe(false);
    expect(first.records).toHaveLength(2000);
    expect(first.nextRecordsUrl).toMatch(/\/services\/data\/v62\.0\/query\/01g\w+-2000$/);
    expect(first.records[0]).toMatchObject({
      attributes: { type: 'Lead' },
      Email: 'lead2@example.com',
      SystemModstamp: '2026-01-01T00:00:01.000+0000',
    });
    const second = await conn.queryMore<LeadRow>(first.nextRecordsUrl!);
    const third = await conn.queryMore<LeadRow>(second.nextRecordsUrl!);
    expect([second.records.length, third.records.length, third.done]).toEqual([2000, 498, true]);
    const ids = [...first.records, ...second.records, ...third.records].map((r) => r.Id);
    expect(new Set(ids).size).toBe(4498);
    expect(third.records.at(-1)!.Email).toBe('lead4499@example.com');

    const keyset = await conn.query<LeadRow>(
      `SELECT Id FROM Lead WHERE SystemModstamp > 2026-01-01T00:00:05.000Z OR (SystemModstamp = 2026-01-01T00:00:05.000Z AND Id > '${ids[7]}') ORDER BY SystemModstamp, Id LIMIT 3`,
    );
    expect(keyset.records.map((r) => r.Id)).toEqual(ids.slice(8, 11));
  });

  it('filters with IN lists on Id and Email, LIKE, COUNT() and queryAll for deleted rows', async () => {
    const [a, b, c] = fake.seed('Contact', [
      { LastName: 'A', Email: 'a@example.com' },
      { LastName: 'B', Email: 'B@Example.com' },
      { LastName: 'C', Email: 'c@example.com' },
    ]);
    const byEmail = await conn.query<LeadRow>(
      "SELECT Id FROM Contact WHERE Email IN ('b@example.com', 'c@example.com') ORDER BY LastName",
    );
    expect(byEmail.records.map((r) => r.Id)).toEqual([b, c]);
    const byId = await conn.query<LeadRow>(`SELECT Id, LastName FROM Contact WHERE Id IN ('${a}', '${c}')`);
    expect(byId.records.map((r) => r.LastName)).toEqual(['A', 'C']);
    const like = await conn.query<LeadRow>("SELECT LastName FROM Contact WHERE Email LIKE 'b@%'");
    expect(like.records.map((r) => r.LastName)).toEqual(['B']);
    fake.remove('Contact', a!);
    expect((await conn.query('SELECT COUNT() FROM Contact')).totalSize).toBe(2);
    const all = await conn.query<LeadRow>('SELECT Id FROM Contact WHERE IsDeleted = true', { scanAll: true });
    expect(all.records.map((r) => r.Id)).toEqual([a]);
    await expect(conn.query('SELECT Nope FROM Contact')).rejects.toMatchObject({
      errorCode: 'INVALID_FIELD',
    });
    await expect(conn.query('SELECT Id FROM Contact WHERE')).rejects.toMatchObject({
      errorCode: 'MALFORMED_QUERY',
    });
    await expect(conn.query('SELECT Id FROM Widget')).rejects.toMatchObject({ errorCode: 'INVALID_TYPE' });
  });

  it('describes fields with their permissions as the profile grants them', async () => {
    fake.setFieldAccess('Lead', 'Phone', { editable: false });
    fake.setFieldAccess('Lead', 'AnnualRevenue', { readable: false });
    const describe = await conn.describe('Lead');
    expect(describe.keyPrefix).toBe('00Q');
    const field = (name: string) => describe.fields.find((f) => f.name === name);
    expect(field('Email')).toMatchObject({
      type: 'email',
      label: 'Email',
      createable: true,
      updateable: true,
      nillable: true,
    });
    expect(field('LastName')).toMatchObject({ nillable: false, createable: true });
    expect(field('Phone')).toMatchObject({ createable: false, updateable: false });
    expect(field('SystemModstamp')).toMatchObject({ type: 'datetime', createable: false, updateable: false });
    expect(field('AnnualRevenue')).toBeUndefined();
    await expect(conn.query('SELECT AnnualRevenue FROM Lead')).rejects.toMatchObject({
      errorCode: 'INVALID_FIELD',
    });
    const global = await conn.describeGlobal();
    expect(global.sobjects.map((s) => s.name)).toEqual(['Lead', 'Contact', 'Account', 'Opportunity']);
  });

  it('creates, reads, updates and deletes single records, read back from the fake', async () => {
    const created = await conn.sobject('Contact').create({ LastName: 'Lovelace', Email: 'ada@example.com' });
    expect(created).toMatchObject({ success: true });
    const id = (created as { id: string }).id;
    expect(id).toMatch(/^003\w{15}$/);
    await conn.sobject('Contact').update({ Id: id, Title: 'Countess' });
    const read = await conn.sobject('Contact').retrieve(id);
    expect(read).toMatchObject({ Id: id, LastName: 'Lovelace', Title: 'Countess', IsDeleted: false });
    expect(fake.record('Contact', id)).toMatchObject({ Title: 'Countess', Email: 'ada@example.com' });
    await conn.sobject('Contact').destroy(id);
    expect(fake.record('Contact', id)?.IsDeleted).toBe(true);
    expect(fake.count('Contact')).toBe(0);
    await expect(conn.sobject('Contact').retrieve(id)).rejects.toMatchObject({ errorCode: 'NOT_FOUND' });
    await expect(conn.sobject('Contact').create({ Email: 'x@example.com' })).rejects.toMatchObject({
      errorCode: 'REQUIRED_FIELD_MISSING',
      data: { fields: ['LastName'] },
    });
  });

  it('upserts a collection by external id with per-record results and a partial failure', async () => {
    fake.addField('Contact', { name: 'Meridian_Id__c', type: 'string', externalId: true, unique: true });
    const [existing] = fake.seed('Contact', [{ LastName: 'Old', Meridian_Id__c: 'm-1' }]);
    const results = await conn.sobject('Contact').upsert(
      [
        { Meridian_Id__c: 'm-1', LastName: 'Updated' },
        { Meridian_Id__c: 'm-2', LastName: 'New', Email: 'new@example.com' },
        { Meridian_Id__c: 'm-3', Email: 'not-an-email' },
      ],
      'Meridian_Id__c',
    );
    expect(results).toEqual([
      { id: existing, success: true, errors: [], created: false },
      { id: expect.stringMatching(/^003/), success: true, errors: [], created: true },
      {
        id: null,
        success: false,
        errors: [
          {
            statusCode: 'INVALID_EMAIL_ADDRESS',
            message: 'Email: invalid email address: not-an-email',
            fields: ['Email'],
          },
        ],
      },
    ]);
    expect(fake.find('Contact', 'Meridian_Id__c', 'm-1')[0]!.LastName).toBe('Updated');
    expect(fake.find('Contact', 'Meridian_Id__c', 'm-3')).toEqual([]);

    const rolledBack = await conn
      .sobject('Contact')
      .create([{ LastName: 'Kept?' }, { Email: 'missing-last-name@example.com' }], { allOrNone: true });
    expect(rolledBack.map((r) => r.success)).toEqual([false, false]);
    expect(rolledBack[0]!.errors[0]).toMatchObject({ statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK' });
    expect(fake.find('Contact', 'LastName', 'Kept?')).toEqual([]);

    const deleted = await conn.sobject('Contact').destroy([existing!, '003000000000000AAA']);
    expect(deleted.map((r) => r.success)).toEqual([true, false]);
  });

  it('lists updated and deleted ids for a window, and answers 300 when an upsert key is ambiguous', async () => {
    const before = new Date(Date.now() - 60_000);
    const [kept, gone] = fake.seed('Lead', [
      { LastName: 'Kept', Company: 'A', Email: 'same@example.com' },
      { LastName: 'Gone', Company: 'A', Email: 'same@example.com' },
    ]);
    fake.remove('Lead', gone!);
    const after = new Date(Date.now() + 60_000);
    const updated = await conn.sobject('Lead').updated(before, after);
    expect(updated.ids).toEqual([kept]);
    const deleted = await conn.sobject('Lead').deleted(before, after);
    expect(deleted.deletedRecords.map((r) => r.id)).toEqual([gone]);

    fake.seed('Lead', [{ LastName: 'Twin', Company: 'A', Email: 'same@example.com' }]);
    await expect(
      conn.sobject('Lead').upsert({ Email: 'same@example.com', Title: 'X' }, 'Email'),
    ).rejects.toMatchObject({ errorCode: 'MULTIPLE_CHOICES' });
    const single = await conn
      .sobject('Lead')
      .upsert({ Email: 'solo@example.com', LastName: 'Solo', Company: 'B' }, 'Email');
    expect(single).toMatchObject({ success: true, created: true });
  });

  it('draws on DailyApiRequests per call and refuses with REQUEST_LIMIT_EXCEEDED when it is spent', async () => {
    fake.setDailyApiRequests(5);
    const first = await conn.limits();
    const second = await conn.limits();
    expect(first.DailyApiRequests).toEqual({ Max: 5, Remaining: 4 });
    expect(second.DailyApiRequests).toEqual({ Max: 5, Remaining: 3 });
    await conn.query('SELECT Id FROM Lead');
    await conn.describe('Lead');
    await conn.sobject('Lead').create({ LastName: 'L', Company: 'C' });
    await expect(conn.query('SELECT Id FROM Lead')).rejects.toMatchObject({
      errorCode: 'REQUEST_LIMIT_EXCEEDED',
      message: 'TotalRequests Limit exceeded.',
    });
    expect(fake.apiRequestsUsed).toBe(5);
    expect(fake.calls).toMatchObject({ limits: 2, query: 2, describe: 1, sobject: 1 });
  });
});
