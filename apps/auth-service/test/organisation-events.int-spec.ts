import { events, registerContract } from '@meridian/contracts';
import { createTestDatabase, ok, type TestDatabase, uniqueSuffix } from '@meridian/testing';
import { startAuthTestApp } from './support/auth-test-app';

interface Created {
  organisation_id: string;
  name: string;
  slug: string;
  domain: string;
}

/** What the outbox holds for organisationCreated, oldest first. */
async function createdEvents(t: {
  sql: { query: (q: string, p?: unknown[]) => Promise<{ rows: unknown[] }> };
}) {
  const { rows } = await t.sql.query(`SELECT payload FROM auth.outbox WHERE name = $1 ORDER BY seq`, [
    events.organisationCreated.name,
  ]);
  return (rows as { payload: Created }[]).map((row) => row.payload);
}

describe('organisationCreated', () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase();
  });

  afterEach(async () => {
    await database.drop();
  });

  it('is published once for each organisation the seed creates, and not again on a second start', async () => {
    const first = await startAuthTestApp({}, { database });
    try {
      const organisations = (
        await first.sql.query('SELECT id, name, slug, domain FROM auth.organisations ORDER BY name')
      ).rows as { id: string; name: string; slug: string; domain: string }[];
      const published = await createdEvents(first);
      expect(published).toHaveLength(2);
      expect(published).toEqual(
        expect.arrayContaining(
          organisations.map((o) => ({ organisation_id: o.id, name: o.name, slug: o.slug, domain: o.domain })),
        ),
      );
      expect(published.map((p) => p.domain).sort()).toEqual(['demo.meridian.dev', 'meridian.internal']);
    } finally {
      await first.close();
    }
    const second = await startAuthTestApp({}, { database });
    try {
      expect(await createdEvents(second)).toHaveLength(2);
    } finally {
      await second.close();
    }
  });

  it('is published with the registration that creates the organisation, and not for a refused one', async () => {
    const t = await startAuthTestApp({ SEED_DEMO: 'false' }, { database });
    try {
      const suffix = uniqueSuffix();
      const form = {
        name: 'Grace Hopper',
        email: `grace@acme-${suffix}.com`,
        password: 'navy-cobol-1959',
        organisation: `Acme ${suffix}`,
        domain: `acme-${suffix}.com`,
      };
      ok(await t.call(registerContract, form));
      const [row] = (
        await t.sql.query('SELECT id, slug FROM auth.organisations WHERE domain = $1', [form.domain])
      ).rows as { id: string; slug: string }[];
      const after = await createdEvents(t);
      expect(after.filter((p) => p.domain === form.domain)).toEqual([
        { organisation_id: row!.id, name: form.organisation, slug: row!.slug, domain: form.domain },
      ]);

      // The same registration again is refused and publishes nothing.
      await t.call(registerContract, form).expect((res) => expect(res.status).toBeGreaterThanOrEqual(400));
      expect(await createdEvents(t)).toHaveLength(after.length);
    } finally {
      await t.close();
    }
  });
});
