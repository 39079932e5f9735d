import type { Connection } from 'jsforce';
import { eventually } from '../eventually';
import { FakeSalesforce } from './fake-salesforce';
import { connectWithJsforce } from './fake-salesforce.spec-support';

describe('fake Salesforce: injected errors surface in jsforce with their errorCode', () => {
  let fake: FakeSalesforce;
  let conn: Connection;
  let leadId: string;

  beforeEach(async () => {
    fake = await FakeSalesforce.start();
    conn = await connectWithJsforce(fake);
    [leadId] = fake.seed('Lead', [{ LastName: 'Hopper', Company: 'Navy', Email: 'grace@example.com' }]) as [
      string,
    ];
  });
  afterEach(() => fake.stop());

  it('field-level security: INVALID_FIELD_FOR_INSERT_UPDATE naming the fields', async () => {
    fake.setFieldAccess('Lead', 'Phone', { editable: false });
    const error = await conn
      .sobject('Lead')
      .update({ Id: leadId, Phone: '555-0100', Title: 'Rear Admiral' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
      data: { fields: ['Phone'] },
    });
    expect((error as Error).message).toContain('Unable to create/update fields: Phone.');
    expect(fake.record('Lead', leadId)!.Title).toBeUndefined();

    const [result] = await conn.sobject('Lead').update([{ Id: leadId, Phone: '555-0100' }]);
    expect(result!.errors[0]).toMatchObject({
      statusCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
      fields: ['Phone'],
    });
  });

  it('validation rule: FIELD_CUSTOM_VALIDATION_EXCEPTION with the rule message', async () => {
    fake.addValidationRule({
      object: 'Lead',
      field: 'Email',
      message: 'Corporate email required',
      rejects: (record) => String(record.Email ?? '').endsWith('@gmail.com'),
    });
    await expect(
      conn.sobject('Lead').create({ LastName: 'X', Company: 'Y', Email: 'x@gmail.com' }),
    ).rejects.toMatchObject({
      errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
      message: 'Corporate email required',
    });
    await expect(
      conn.sobject('Lead').create({ LastName: 'X', Company: 'Y', Email: 'x@acme.com' }),
    ).resolves.toMatchObject({
      success: true,
    });
  });

  it('duplicate rule: DUPLICATES_DETECTED on a matching email, any case', async () => {
    fake.setDuplicateRule('Lead', ['Email']);
    const [result] = await conn
      .sobject('Lead')
      .create([{ LastName: 'Twin', Company: 'Navy', Email: 'GRACE@example.com' }]);
    expect(result).toMatchObject({ success: false, errors: [{ statusCode: 'DUPLICATES_DETECTED' }] });
    expect(fake.count('Lead')).toBe(1);
  });

  it('row lock: UNABLE_TO_LOCK_ROW until the lock is released', async () => {
    fake.lockRecords([leadId]);
    await expect(conn.sobject('Lead').update({ Id: leadId, Title: 'T' })).rejects.toMatchObject({
      errorCode: 'UNABLE_TO_LOCK_ROW',
    });
    fake.unlockRecords([leadId]);
    await conn.sobject('Lead').update({ Id: leadId, Title: 'T' });
    expect(fake.record('Lead', leadId)!.Title).toBe('T');
  });

  it('no Delete permission on the object: INSUFFICIENT_ACCESS_OR_READONLY per record, the record stays', async () => {
    fake.setDeletable('Lead', false);
    const [result] = await conn.sobject('Lead').destroy([leadId], { allOrNone: false });
    expect(result).toMatchObject({
      success: false,
      errors: [{ statusCode: 'INSUFFICIENT_ACCESS_OR_READONLY' }],
    });
    expect(fake.record('Lead', leadId)!.IsDeleted).toBe(false);
    fake.setDeletable('Lead', true);
    await conn.sobject('Lead').destroy([leadId], { allOrNone: false });
    expect(fake.record('Lead', leadId)!.IsDeleted).toBe(true);
  });

  it('expired session without a refresh token: INVALID_SESSION_ID', async () => {
    const plain = new (conn.constructor as typeof Connection)({
      instanceUrl: fake.baseUrl,
      accessToken: conn.accessToken!,
      version: conn.version,
    });
    fake.expireSessions();
    await expect(plain.query('SELECT Id FROM Lead')).rejects.toMatchObject({
      errorCode: 'INVALID_SESSION_ID',
    });
  });

  it('spent budget: REQUEST_LIMIT_EXCEEDED, also for Bulk API calls', async () => {
    fake.setDailyApiRequests(1000, 0);
    await expect(conn.sobject('Lead').retrieve(leadId)).rejects.toMatchObject({
      errorCode: 'REQUEST_LIMIT_EXCEEDED',
    });
    await expect(conn.bulk2.query('SELECT Id FROM Lead')).rejects.toMatchObject({
      errorCode: 'REQUEST_LIMIT_EXCEEDED',
    });
    // jsforce's clean-up call after a failed job is refused the same way; let it land first.
    await eventually(async () => fake.requestLog.some((r) => r.method === 'DELETE' && r.status === 403));
  });

  it('latency is added to every answer without changing it', async () => {
    fake.apiLatencyMs = 20;
    const result = await conn.query<{ Id: string }>('SELECT Id FROM Lead');
    expect(result.records.map((r) => r.Id)).toEqual([leadId]);
  });
});
