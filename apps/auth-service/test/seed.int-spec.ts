import { loginContract } from '@meridian/contracts';
import { createTestDatabase, ok, type TestDatabase } from '@meridian/testing';
import { startAuthTestApp } from './support/auth-test-app';

const DEMO_ADMIN = { email: 'admin@demo.meridian.dev', password: 'meridian-demo' };
const DEMO_STAFF = { email: 'staff@meridian.internal', password: 'meridian-staff' };

describe('seed on start', () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase();
  });

  afterEach(async () => {
    await database.drop();
  });

  async function organisations(t: { sql: { query: (q: string) => Promise<{ rows: unknown[] }> } }) {
    return (await t.sql.query('SELECT name, domain, is_internal FROM auth.organisations ORDER BY name')).rows;
  }

  it('creates the demo organisation with a verified admin, and a staff account, once', async () => {
    const first = await startAuthTestApp({}, { database });
    try {
      const admin = ok(await first.call(loginContract, { credentials: DEMO_ADMIN })).body;
      expect(admin).toMatchObject({
        organisation: { name: 'Demo Company', domain: 'demo.meridian.dev' },
        roles: [{ role_name: 'CUSTOMER_ORG_ADMIN' }],
        account: { is_email_verified: true },
      });
      const staff = ok(await first.call(loginContract, { credentials: DEMO_STAFF })).body;
      expect(staff.roles.map((role: { role_name: string }) => role.role_name)).toEqual([
        'INTERNAL_STAFF',
        'CUSTOMER_ORG_ADMIN',
      ]);
      expect(staff.organisation).toMatchObject({ domain: 'meridian.internal', name: 'Meridian' });

      const seeded = first.logs
        .map((line) => JSON.parse(line) as { msg: string })
        .find((entry) => entry.msg.startsWith('demo organisation'));
      expect(seeded?.msg).toContain(DEMO_ADMIN.email);
      expect(first.logs.join('\n')).not.toContain(DEMO_ADMIN.password);
    } finally {
      await first.close();
    }

    // A second start (with other demo passwords) changes nothing.
    const second = await startAuthTestApp({ DEMO_ADMIN_PASSWORD: 'another-password' }, { database });
    try {
      expect(await organisations(second)).toEqual([
        { name: 'Demo Company', domain: 'demo.meridian.dev', is_internal: false },
        { name: 'Meridian', domain: 'meridian.internal', is_internal: true },
      ]);
      expect((await second.sql.query('SELECT count(*)::int AS n FROM auth.accounts')).rows[0]).toEqual({
        n: 2,
      });
      ok(await second.call(loginContract, { credentials: DEMO_ADMIN }));
    } finally {
      await second.close();
    }
  });

  it("seeds no demo when SEED_DEMO is 'false', but keeps the internal organisation", async () => {
    const t = await startAuthTestApp({ SEED_DEMO: 'false' }, { database });
    try {
      expect(await organisations(t)).toEqual([
        { name: 'Meridian', domain: 'meridian.internal', is_internal: true },
      ]);
      await t.call(loginContract, { credentials: DEMO_ADMIN }).expect(401);
    } finally {
      await t.close();
    }
  });

  it('seeds no demo outside local mode', async () => {
    const t = await startAuthTestApp({ MERIDIAN_MODE: 'production' }, { database });
    try {
      expect(await organisations(t)).toEqual([
        { name: 'Meridian', domain: 'meridian.internal', is_internal: true },
      ]);
      expect((await t.sql.query('SELECT count(*)::int AS n FROM auth.accounts')).rows[0]).toEqual({ n: 0 });
    } finally {
      await t.close();
    }
  });
});
