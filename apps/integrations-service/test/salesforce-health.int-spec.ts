import {
  type Endpoint,
  salesforceErrorArchiveContract,
  salesforceErrorClassQueryContract,
  salesforceErrorsListContract,
  salesforceErrorsResyncContract,
  salesforceErrorsTypesContract,
  salesforceHealthMessages,
} from '@meridian/contracts';
import { SalesforceHealthService } from '../src/modules/salesforce/health/salesforce-health.service';
import { salesforceHealthSuite } from './support/salesforce-health-seed';

/** The Salesforce page's Sync health tab: error classes, affected records, archive and resync. */
describe(SalesforceHealthService.name, () => {
  const suite = salesforceHealthSuite();
  let { t, seed, admin, user, stranger } = suite;
  beforeAll(() => {
    ({ t, seed, admin, user, stranger } = suite);
  });
  let conn: string;
  let theirConn: string;

  beforeEach(async () => {
    conn = await seed.connection(admin.organisation.id);
    theirConn = await seed.connection(stranger.organisation.id);
  });

  const org = () => admin.organisation.id;
  const call = (contract: Endpoint, body: unknown, who = admin) => t.call(contract, body, who);

  /** 12 open 'others' (write), 2 open field permission (read), and rows the list must leave out. */
  async function seedHealth() {
    await seed.errors(org(), conn, [
      ...Array.from({ length: 12 }, (_, i) => ({
        error_class: 'others' as const,
        email: `p${i}@example.com`,
        name: `Person ${i}`,
        person_id: `person-${i}`,
        error_text: i === 3 ? 'FIELD_CUSTOM_VALIDATION_EXCEPTION: 100% wrong' : 'UNKNOWN_EXCEPTION: boom',
        agoMinutes: 10 + i,
      })),
      { error_class: 'field_permission', direction: 'read', sf_id: '003A', agoMinutes: 2 },
      { error_class: 'field_permission', direction: 'read', sf_id: '003B', agoMinutes: 3 },
      { error_class: 'field_permission', direction: 'read', sf_id: '003OLD', agoMinutes: 10 * 24 * 60 },
      { error_class: 'others', email: 'gone@example.com', archived: true },
      { error_class: 'others', email: 'done@example.com', resolved: true },
    ]);
    await seed.errors(stranger.organisation.id, theirConn, [
      { error_class: 'others', email: 'x@example.com' },
    ]);
  }

  it('lists the two error classes with the spec texts', async () => {
    const response = await call(salesforceErrorsTypesContract, {}, user).expect(200);
    expect(response.body.error_types).toEqual([
      {
        name: 'others',
        display: 'Others',
        description: "records aren't syncing because of an unknown error",
      },
      {
        name: 'field_permission',
        display: 'Salesforce field permission',
        description:
          "couldn't sync because the integration user doesn't have the required Salesforce field permissions",
      },
    ]);
  });

  it('groups open errors of the last 7 days by class, newest class first, paged', async () => {
    await seedHealth();
    const all = await call(salesforceErrorsListContract, { connection_id: conn }, user).expect(200);
    expect(all.body).toMatchObject({ total: 2, page_count: 1 });
    expect(
      all.body.errors.map((e: { error_class: string; count: number }) => [e.error_class, e.count]),
    ).toEqual([
      ['field_permission', 2],
      ['others', 12],
    ]);
    expect(all.body.errors[0].display).toBe('Salesforce field permission');
    expect(Date.parse(all.body.errors[1].first_occurred)).toBeLessThan(
      Date.parse(all.body.errors[1].last_occurred),
    );

    const paged = await call(salesforceErrorsListContract, {
      connection_id: conn,
      page_size: 1,
      page_number: 2,
    });
    expect(paged.body).toMatchObject({ total: 2, page_count: 2 });
    expect(paged.body.errors.map((e: { error_class: string }) => e.error_class)).toEqual(['others']);

    const onlyOthers = await call(salesforceErrorsListContract, {
      connection_id: conn,
      error_type: 'others',
    });
    expect(onlyOthers.body.errors).toHaveLength(1);
    expect(onlyOthers.body.errors[0].count).toBe(12);

    const wide = await call(salesforceErrorsListContract, {
      connection_id: conn,
      error_type: 'field_permission',
      start_time: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) + 'T00:00',
    }).expect(200);
    expect(wide.body.errors[0].count).toBe(3);
  });

  it('refuses an unknown class and a window out of order with their messages', async () => {
    const bad = await call(salesforceErrorsListContract, { connection_id: conn, error_type: 'nope' }).expect(
      400,
    );
    expect(bad.body.fields.error_type).toEqual([salesforceHealthMessages.errorClassInvalid]);
    const inverted = await call(salesforceErrorsListContract, {
      connection_id: conn,
      start_time: '2026-02-01T00:00:00Z',
      end_time: '2026-01-01T00:00:00Z',
    }).expect(400);
    expect(inverted.body.fields.end_time).toEqual([salesforceHealthMessages.rangeInvalid]);
  });

  it('pages the affected records 5 at a time and searches name, email and error text literally', async () => {
    await seedHealth();
    const first = await call(
      salesforceErrorClassQueryContract,
      { connection_id: conn, error_class: 'others' },
      user,
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 12, page_count: 3 });
    expect(first.body.records).toHaveLength(5);
    expect(first.body.records[0]).toMatchObject({
      name: 'Person 0',
      email: 'p0@example.com',
      meridian_id: 'person-0',
      salesforce_id: null,
      object: 'contact',
      direction: 'write',
    });
    const last = await call(salesforceErrorClassQueryContract, {
      connection_id: conn,
      error_class: 'others',
      page_number: 3,
    });
    expect(last.body.records.map((r: { name: string }) => r.name)).toEqual(['Person 10', 'Person 11']);

    const byText = await call(salesforceErrorClassQueryContract, {
      connection_id: conn,
      error_class: 'others',
      keyword: '100%',
    });
    expect(byText.body.records.map((r: { email: string }) => r.email)).toEqual(['p3@example.com']);
    const byName = await call(salesforceErrorClassQueryContract, {
      connection_id: conn,
      error_class: 'others',
      keyword: 'person 1',
    });
    expect(byName.body.total).toBe(3);
    const byEmail = await call(salesforceErrorClassQueryContract, {
      connection_id: conn,
      error_class: 'others',
      object_email: 'P7@Example.com',
    });
    expect(byEmail.body.records.map((r: { name: string }) => r.name)).toEqual(['Person 7']);
    const reads = await call(salesforceErrorClassQueryContract, {
      connection_id: conn,
      error_class: 'field_permission',
    });
    expect(reads.body.records.map((r: { salesforce_id: string }) => r.salesforce_id)).toEqual([
      '003A',
      '003B',
      '003OLD',
    ]);
  });

  it('archives the chosen classes in the window, for admins only', async () => {
    await seedHealth();
    const body = { connection_id: conn, error_names: ['field_permission'] };
    const refused = await call(salesforceErrorArchiveContract, body, user).expect(403);
    expect(refused.body).toMatchObject({
      code: 'ForbiddenException',
      description: salesforceHealthMessages.adminsOnly,
    });

    const archived = await call(salesforceErrorArchiveContract, body).expect(200);
    expect(archived.body).toEqual({ archived: 2 });
    const list = await call(salesforceErrorsListContract, { connection_id: conn });
    expect(list.body.errors.map((e: { error_class: string }) => e.error_class)).toEqual(['others']);
    // The one outside the window is still open.
    const [old] = await t.sql<{ archived_at: Date | null }>(
      `SELECT archived_at FROM integrations.salesforce_errors WHERE sf_id = '003OLD'`,
    );
    expect(old!.archived_at).toBeNull();
    const empty = await call(salesforceErrorArchiveContract, { ...body, error_names: [] }).expect(400);
    expect(empty.body.fields.error_names).toEqual([salesforceHealthMessages.errorNamesRequired]);
  });

  it('resyncs write errors by asking for the persons again, at most 1000 emails an event', async () => {
    await seed.manyWriteErrors(org(), conn, 2_345);
    await seed.records(org(), conn, [
      {
        sf_id: '003P1',
        object: 'contact',
        email: 'BULK-1@example.com',
        pushed_hash: 'h1',
        pulled_hash: 'p1',
      },
    ]);
    const resynced = await call(salesforceErrorsResyncContract, {
      connection_id: conn,
      error_names: ['field_permission', 'others'],
    }).expect(200);
    expect(resynced.body).toEqual({ resynced: 2_345 });

    const requests = await seed.resyncRequests(org());
    expect(requests.map((r) => r.emails.length)).toEqual([1000, 1000, 345]);
    expect(requests.every((r) => r.connection_id === conn)).toBe(true);
    const emails = new Set(requests.flatMap((r) => r.emails));
    expect(emails.size).toBe(2_345);
    expect(emails.has('bulk-2345@example.com')).toBe(true);

    const [open] = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM integrations.salesforce_errors WHERE resolved_at IS NULL`,
    );
    expect(open!.n).toBe(0);
    const [record] = await t.sql<{ pushed_hash: string | null; pulled_hash: string | null }>(
      `SELECT pushed_hash, pulled_hash FROM integrations.salesforce_records WHERE sf_id = '003P1'`,
    );
    expect(record).toEqual({ pushed_hash: null, pulled_hash: 'p1' });
    const list = await call(salesforceErrorsListContract, { connection_id: conn });
    expect(list.body.total).toBe(0);
  });

  it('resyncs read errors by moving the pull cursor back before the earliest affected record', async () => {
    await seed.records(org(), conn, [
      {
        sf_id: '003A',
        object: 'contact',
        email: 'a@example.com',
        sf_modstamp: '2026-03-01T10:00:00Z',
        pulled_hash: 'a',
      },
      {
        sf_id: '003B',
        object: 'contact',
        email: 'b@example.com',
        sf_modstamp: '2026-03-05T10:00:00Z',
        pulled_hash: 'b',
      },
      {
        sf_id: '003C',
        object: 'contact',
        email: 'c@example.com',
        sf_modstamp: '2026-02-01T10:00:00Z',
        pulled_hash: 'c',
      },
    ]);
    await seed.errors(org(), conn, [
      { error_class: 'field_permission', direction: 'read', sf_id: '003A' },
      { error_class: 'field_permission', direction: 'read', sf_id: '003B' },
      { error_class: 'others', direction: 'read', object: 'lead', sf_id: '00QX' },
    ]);
    await seed.cursor(conn, 'contact', '2026-04-01T00:00:00Z', '003Z');
    await seed.cursor(conn, 'lead', '2026-04-01T00:00:00Z', '00QZ');

    const resynced = await call(salesforceErrorsResyncContract, {
      connection_id: conn,
      error_names: ['field_permission', 'others'],
    }).expect(200);
    expect(resynced.body).toEqual({ resynced: 3 });
    const cursors = await t.sql<{ object: string; last_modstamp: Date | null; last_id: string | null }>(
      `SELECT object, last_modstamp, last_id FROM integrations.salesforce_cursors ORDER BY object`,
    );
    expect(cursors).toEqual([
      { object: 'contact', last_modstamp: new Date('2026-03-01T09:59:59.999Z'), last_id: null },
      // The lead's record is unknown here, so its pull starts again from the beginning.
      { object: 'lead', last_modstamp: null, last_id: null },
    ]);
    const hashes = await t.sql<{ sf_id: string; pulled_hash: string | null }>(
      `SELECT sf_id, pulled_hash FROM integrations.salesforce_records ORDER BY sf_id`,
    );
    expect(hashes).toEqual([
      { sf_id: '003A', pulled_hash: null },
      { sf_id: '003B', pulled_hash: null },
      { sf_id: '003C', pulled_hash: 'c' },
    ]);
    expect(await seed.resyncRequests(org())).toEqual([]);
    const [connection] = await t.sql<{ due: boolean }>(
      `SELECT next_run_at <= now() AS due FROM integrations.salesforce_connections WHERE id = $1`,
      [conn],
    );
    expect(connection!.due).toBe(true);
  });

  it('finds the record of a failed apply filed by email: named in the modal, pulled again from its stamp', async () => {
    await seed.records(org(), conn, [
      { sf_id: '003L', object: 'lead', email: 'ann@example.com', sf_modstamp: '2026-01-01T00:00:00Z' },
      { sf_id: '003N', object: 'contact', email: 'Ann@example.com', name: 'Ann N', is_selected: true },
      { sf_id: '003M', object: 'contact', email: 'ann@example.com', sf_modstamp: '2026-03-01T00:00:00Z' },
    ]);
    await t.sql(
      `UPDATE integrations.salesforce_records SET sf_modstamp = '2026-03-02T00:00:00Z' WHERE sf_id = '003N'`,
    );
    await seed.errors(org(), conn, [{ error_class: 'others', direction: 'read', email: 'ann@example.com' }]);
    await seed.cursor(conn, 'contact', '2026-04-01T00:00:00Z', '003Z');
    await seed.cursor(conn, 'lead', '2026-04-01T00:00:00Z', '00QZ');

    const modal = await call(salesforceErrorClassQueryContract, {
      connection_id: conn,
      error_class: 'others',
    });
    expect(modal.body.records[0]).toMatchObject({
      name: 'Ann N',
      salesforce_id: '003N',
      email: 'ann@example.com',
    });

    await call(salesforceErrorsResyncContract, { connection_id: conn, error_names: ['others'] }).expect(200);
    const cursors = await t.sql<{ object: string; last_modstamp: Date }>(
      `SELECT object, last_modstamp FROM integrations.salesforce_cursors ORDER BY object`,
    );
    // Only the contact object failed: the lead cursor stays.
    expect(cursors).toEqual([
      { object: 'contact', last_modstamp: new Date('2026-02-28T23:59:59.999Z') },
      { object: 'lead', last_modstamp: new Date('2026-04-01T00:00:00Z') },
    ]);
  });

  it('answers 404 for another organisation’s connection on every connection call, changing nothing', async () => {
    await seedHealth();
    const calls: Array<[Endpoint, Record<string, unknown>]> = [
      [salesforceErrorsListContract, {}],
      [salesforceErrorClassQueryContract, { error_class: 'others' }],
      [salesforceErrorArchiveContract, { error_names: ['others'] }],
      [salesforceErrorsResyncContract, { error_names: ['others'] }],
    ];
    for (const [contract, body] of calls) {
      for (const id of [theirConn, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        const response = await call(contract, { ...body, connection_id: id });
        expect([contract.path, id, response.status]).toEqual([contract.path, id, 404]);
        expect(response.body.description).toBe(salesforceHealthMessages.connectionNotFound);
      }
    }
    const [theirs] = await t.sql<{ open: boolean }>(
      `SELECT archived_at IS NULL AND resolved_at IS NULL AS open FROM integrations.salesforce_errors
        WHERE connection_id = $1`,
      [theirConn],
    );
    expect(theirs!.open).toBe(true);
    expect(await seed.resyncRequests(stranger.organisation.id)).toEqual([]);
  });
});
