import {
  type Endpoint,
  salesforceErrorsLatestContract,
  salesforceErrorsListContract,
  salesforceHealthMessages,
  salesforcePersonRecordsContract,
  salesforcePersonRemapContract,
  salesforcePersonResyncContract,
} from '@meridian/contracts';
import { SalesforcePersonService } from '../src/modules/salesforce/health/salesforce-person.service';
import { salesforceHealthSuite } from './support/salesforce-health-seed';

/** The contact page's Salesforce sync panel: records, remap, latest error, resync. */
describe(SalesforcePersonService.name, () => {
  const suite = salesforceHealthSuite();
  let { t, seed, admin, user, stranger } = suite;
  beforeAll(() => {
    ({ t, seed, admin, user, stranger } = suite);
  });
  let conn: string;

  beforeEach(async () => {
    conn = await seed.connection(admin.organisation.id);
    // The other organisation has a connection of its own, so its 404s are about the records.
    await seed.connection(stranger.organisation.id);
  });

  const org = () => admin.organisation.id;
  const call = (contract: Endpoint, body: unknown, who = admin) => t.call(contract, body, who);

  it('lists a person’s records, selected first, with the last sync time', async () => {
    await seed.records(org(), conn, [
      {
        sf_id: '00QL',
        object: 'lead',
        email: 'Kim@example.com',
        name: 'Kim Lead',
        sf_modstamp: '2026-03-02T00:00:00Z',
        time_pulled: '2026-03-03T00:00:00Z',
      },
      {
        sf_id: '003C',
        object: 'contact',
        email: 'kim@example.com',
        name: 'Kim Contact',
        is_selected: true,
        sf_modstamp: '2026-03-01T00:00:00Z',
        time_pushed: '2026-03-04T00:00:00Z',
      },
      { sf_id: '003O', object: 'contact', email: 'other@example.com' },
    ]);
    const response = await call(salesforcePersonRecordsContract, { email: 'KIM@example.com' }, user).expect(
      200,
    );
    expect(response.body).toEqual({
      records: [
        {
          id: '003C',
          name: 'Kim Contact',
          crm_object: 'contact',
          connection_id: conn,
          _is_selected: true,
          _modified_time: '2026-03-01T00:00:00.000Z',
        },
        {
          id: '00QL',
          name: 'Kim Lead',
          crm_object: 'lead',
          connection_id: conn,
          _is_selected: false,
          _modified_time: '2026-03-02T00:00:00.000Z',
        },
      ],
      last_updated: '2026-03-04T00:00:00.000Z',
    });
    const theirs = await call(salesforcePersonRecordsContract, { email: 'kim@example.com' }, stranger).expect(
      200,
    );
    expect(theirs.body).toEqual({ records: [], last_updated: null });
    const missing = await call(salesforcePersonRecordsContract, { email: ' ' }).expect(400);
    expect(missing.body.fields.email).toEqual([salesforceHealthMessages.emailRequired]);
  });

  it('remaps a person to another of their records, never to someone else’s', async () => {
    await seed.records(org(), conn, [
      { sf_id: '003C', object: 'contact', email: 'kim@example.com', is_selected: true, pushed_hash: 'x' },
      { sf_id: '00QL', object: 'lead', email: 'kim@example.com', pushed_hash: 'y' },
      { sf_id: '003O', object: 'contact', email: 'other@example.com' },
    ]);
    await call(salesforcePersonRemapContract, { email: 'kim@example.com', sf_id: '00QL' }, user).expect(403);
    const remapped = await call(salesforcePersonRemapContract, {
      email: 'Kim@example.com',
      sf_id: '00QL',
    }).expect(200);
    expect(
      remapped.body.records.map((r: { id: string; _is_selected: boolean }) => [r.id, r._is_selected]),
    ).toEqual([
      ['00QL', true],
      ['003C', false],
    ]);
    const [lead] = await t.sql<{ pushed_hash: string | null }>(
      `SELECT pushed_hash FROM integrations.salesforce_records WHERE sf_id = '00QL'`,
    );
    expect(lead!.pushed_hash).toBeNull();

    const notTheirs = await call(salesforcePersonRemapContract, { email: 'kim@example.com', sf_id: '003O' });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.description).toBe(salesforceHealthMessages.recordNotFound);
    // Another organisation (with its own connection) cannot reach these records.
    await call(salesforcePersonRemapContract, { email: 'kim@example.com', sf_id: '003C' }, stranger).expect(
      404,
    );
    const selected = await t.sql<{ sf_id: string }>(
      `SELECT sf_id FROM integrations.salesforce_records WHERE is_selected ORDER BY sf_id`,
    );
    expect(selected.map((r) => r.sf_id)).toEqual(['00QL']);
  });

  it('shows a person’s latest open error and clears it by a person resync that pushes them again', async () => {
    await seed.records(org(), conn, [
      { sf_id: '003K', object: 'contact', email: 'kim@example.com', sf_modstamp: '2026-03-01T00:00:00Z' },
    ]);
    await seed.errors(org(), conn, [
      { error_class: 'others', email: 'kim@example.com', error_text: 'older', agoMinutes: 60 },
      {
        error_class: 'field_permission',
        direction: 'read',
        sf_id: '003K',
        error_text: 'newest',
        agoMinutes: 1,
      },
      {
        error_class: 'others',
        email: 'kim@example.com',
        object: 'lead',
        error_text: 'archived',
        agoMinutes: 0,
        archived: true,
      },
    ]);
    await seed.cursor(conn, 'contact', '2026-04-01T00:00:00Z', '003Z');
    const latest = await call(salesforceErrorsLatestContract, { email: 'KIM@example.com' }, user).expect(200);
    expect(latest.body.error.error_text).toBe('newest');
    const theirs = await call(salesforceErrorsLatestContract, { email: 'kim@example.com' }, stranger).expect(
      200,
    );
    expect(theirs.body).toEqual({ error: null });

    await call(salesforcePersonResyncContract, { email: 'kim@example.com' }, user).expect(403);
    const resynced = await call(salesforcePersonResyncContract, { email: 'Kim@example.com' }).expect(200);
    expect(resynced.body).toEqual({ resynced: 2 });
    expect((await seed.resyncRequests(org())).map((r) => r.emails)).toEqual([['kim@example.com']]);
    const [cursor] = await t.sql<{ last_modstamp: Date }>(
      `SELECT last_modstamp FROM integrations.salesforce_cursors`,
    );
    expect(cursor!.last_modstamp).toEqual(new Date('2026-02-28T23:59:59.999Z'));
    const after = await call(salesforceErrorsLatestContract, { email: 'kim@example.com' }).expect(200);
    expect(after.body).toEqual({ error: null });

    // A person without errors is still pushed again.
    await call(salesforcePersonResyncContract, { email: 'new@example.com' }).expect(200);
    expect((await seed.resyncRequests(org())).map((r) => r.emails)).toEqual([
      ['kim@example.com'],
      ['new@example.com'],
    ]);
  });

  it('answers 404 for person calls that change Salesforce state when the organisation has no connection', async () => {
    await t.sql(`UPDATE integrations.salesforce_connections SET deleted_at = now() WHERE id = $1`, [conn]);
    for (const contract of [salesforcePersonResyncContract, salesforcePersonRemapContract]) {
      const response = await call(contract, { email: 'kim@example.com', sf_id: '003C' }).expect(404);
      expect(response.body.description).toBe(salesforceHealthMessages.connectionNotFound);
    }
    await call(salesforceErrorsListContract, { connection_id: conn }).expect(404);
  });
});
