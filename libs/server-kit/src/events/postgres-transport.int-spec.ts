import { createTestDatabase, type TestDatabase } from '@meridian/testing';
import { PostgresTransport } from './postgres-transport';
import {
  envelopeOf,
  recorder,
  testEvent,
  testLogger,
  uniqueSuffix,
  waitFor,
} from './testing/contract-helpers';
import { describeTransportContract } from './testing/transport-contract.test';

function postgresTransport(url: string) {
  // A poll far longer than any wait in the tests: deliveries must come by NOTIFY.
  return new PostgresTransport({
    connectionString: url,
    logger: testLogger,
    pollIntervalMs: 600_000,
    retry: { initialMs: 20, maxMs: 200 },
  });
}

describeTransportContract(PostgresTransport.name, async () => {
  const db = await createTestDatabase('meridian_events', { empty: true });
  return {
    serviceDatabaseUrl: db.url,
    newTransport: () => postgresTransport(db.url),
    teardown: () => db.drop(),
  };
});

describe(`${PostgresTransport.name} log`, () => {
  let db: TestDatabase;
  const open: PostgresTransport[] = [];
  const transport = () => {
    const t = postgresTransport(db.url);
    open.push(t);
    return t;
  };

  beforeAll(async () => {
    db = await createTestDatabase('meridian_events', { empty: true });
  });
  afterAll(async () => {
    await Promise.all(open.map((t) => t.close()));
    await db?.drop();
  });

  it('loses nothing for a live reader while several publishers append at once', async () => {
    const event = testEvent('concurrent');
    const { handler, received } = recorder();
    await transport().subscribe(`concurrent-${uniqueSuffix()}`, [event], handler);
    const publishers = Array.from({ length: 5 }, () => transport());
    const perPublisher = 40;
    await Promise.all(
      publishers.map(async (p, n) => {
        for (let i = 0; i < perPublisher; i += 1)
          await p.publish([envelopeOf(event, { key: `p${n}`, seq: i })]);
      }),
    );
    await waitFor(() => received.length >= publishers.length * perPublisher, 'every appended event');
    expect(new Set(received.map((e) => e.id)).size).toBe(publishers.length * perPublisher);
    for (let n = 0; n < publishers.length; n += 1) {
      const seqs = received.filter((e) => e.key === `p${n}`).map((e) => (e.payload as { seq: number }).seq);
      expect(seqs).toEqual(Array.from({ length: perPublisher }, (_, i) => i));
    }
  });

  it('creates its schema once when several processes start together', async () => {
    const fresh = await createTestDatabase('meridian_events', { empty: true });
    const starters = Array.from({ length: 4 }, () => postgresTransport(fresh.url));
    try {
      const statuses = await Promise.all(starters.map((t) => t.status()));
      expect(statuses.every((s) => s.status === 'up')).toBe(true);
    } finally {
      await Promise.all(starters.map((t) => t.close()));
      await fresh.drop();
    }
  });

  it('reports itself down when its database cannot be reached', async () => {
    const unreachable = new URL(db.url);
    unreachable.pathname = `/missing_${uniqueSuffix()}`;
    const t = postgresTransport(unreachable.toString());
    try {
      const status = await t.status();
      expect(status).toMatchObject({ transport: 'postgres', status: 'down' });
      expect(status.detail).toMatch(/does not exist/);
    } finally {
      await t.close();
    }
  });
});
