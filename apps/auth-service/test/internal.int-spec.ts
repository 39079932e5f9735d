import {
  accountListContract,
  internalAccountListContract,
  internalImpersonateContract,
  internalOrganisationListContract,
  tokenVerifyContract,
} from '@meridian/contracts';
import { ok, type SignedIn } from '@meridian/testing';
import { startAuthTestApp, type AuthTestApp } from './support/auth-test-app';

describe('internal staff: organisations, accounts, impersonation', () => {
  let t: AuthTestApp;
  let staff: SignedIn;

  beforeAll(async () => {
    t = await startAuthTestApp({ IMPERSONATION_TTL_MINUTES: '30' });
    staff = await t.factories.login(t.config.DEMO_STAFF_EMAIL, t.config.DEMO_STAFF_PASSWORD);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('makes accounts of the internal organisation internal staff', () => {
    expect(staff.organisation.domain).toBe('meridian.internal');
    expect(staff.roles.map((role) => role.role_name)).toContain('INTERNAL_STAFF');
  });

  it('lists every organisation for staff only', async () => {
    const admin = await t.factories.newOrganisation();
    const list = ok(await t.call(internalOrganisationListContract, {}, { token: staff.bearer })).body;
    const ids = list.organisations.map((o: { id: string }) => o.id);
    expect(ids).toContain(admin.organisation.id);
    expect(list.organisations.map((o: { name: string }) => o.name)).toContain('Demo Company');

    const refused = await t.call(internalOrganisationListContract, {}, { token: admin.bearer }).expect(403);
    expect(refused.body.code).toBe('ForbiddenException');
    await t.call(internalOrganisationListContract, {}).expect(401);
  });

  it("lists an organisation's accounts for staff only", async () => {
    const admin = await t.factories.newOrganisation();
    const user = await t.factories.newUser(admin);
    const page = ok(
      await t.call(
        internalAccountListContract,
        { organisation_id: admin.organisation.id, page_size: 1000, page_number: 1 },
        { token: staff.bearer },
      ),
    ).body;
    expect(page.records.map((r: { email: string }) => r.email)).toEqual([admin.email, user.email]);
    expect(page.total_count).toBe(2);
    await t
      .call(internalAccountListContract, { organisation_id: admin.organisation.id }, { token: admin.bearer })
      .expect(403);
    const missing = await t.call(internalAccountListContract, {}, { token: staff.bearer }).expect(400);
    expect(missing.body.fields).toEqual({ organisation_id: ['Organization is required'] });
    await t
      .call(
        internalAccountListContract,
        { organisation_id: '00000000-0000-4000-8000-000000000000' },
        { token: staff.bearer },
      )
      .expect(404);
  });

  it('impersonates a user: a new session naming the impersonator, shorter lived, logged on every request', async () => {
    const admin = await t.factories.newOrganisation();
    const user = await t.factories.newUser(admin);
    const response = ok(
      await t.call(
        internalImpersonateContract,
        { organisation_id: admin.organisation.id, account_id: user.account.id },
        { token: staff.bearer },
      ),
    ).body;
    expect(response).toMatchObject({
      account: { id: user.account.id },
      organisation: { id: admin.organisation.id },
      roles: [{ role_name: 'CUSTOMER_ORG_USER' }],
      impersonator: { id: staff.account.id, email: staff.email },
      token: { token: expect.any(String) },
    });
    const token: string = response.token.token;

    const session = ok(await t.call(tokenVerifyContract, { role_names: [] }, { token })).body;
    expect(session).toMatchObject({
      account: { id: user.account.id },
      impersonator: { id: staff.account.id },
    });

    const stored = await t.sql.query(
      `SELECT impersonator_account_id, extract(epoch FROM expires_at - time_created)::int AS ttl
         FROM auth.sessions WHERE id = $1`,
      [session.session.id],
    );
    expect(stored.rows[0]).toEqual({ impersonator_account_id: staff.account.id, ttl: 30 * 60 });

    ok(await t.call(accountListContract, {}, { token }));
    const logged = t.logs
      .map((line) => JSON.parse(line) as { msg: string; impersonator_id?: string; account_id?: string })
      .filter((entry) => entry.msg === 'impersonated request');
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ impersonator_id: staff.account.id, account_id: user.account.id }),
      ]),
    );

    // The impersonation holds the user's rights, not staff rights.
    await t.call(internalOrganisationListContract, {}, { token }).expect(403);
  });

  it('ends an impersonation when it expires', async () => {
    const admin = await t.factories.newOrganisation();
    const token = ok(
      await t.call(
        internalImpersonateContract,
        { organisation_id: admin.organisation.id, account_id: admin.account.id },
        { token: staff.bearer },
      ),
    ).body.token.token;
    ok(await t.call(tokenVerifyContract, {}, { token }));
    await t.sql.query(`UPDATE auth.sessions SET expires_at = now() WHERE impersonator_account_id = $1`, [
      staff.account.id,
    ]);
    await t.call(tokenVerifyContract, {}, { token }).expect(401);
  });

  it('refuses an account of another organisation than the one named (404), and creates no session', async () => {
    const a = await t.factories.newOrganisation();
    const b = await t.factories.newOrganisation();
    const before = (await t.sql.query('SELECT count(*)::int AS n FROM auth.sessions')).rows[0].n;
    const response = await t
      .call(
        internalImpersonateContract,
        { organisation_id: a.organisation.id, account_id: b.account.id },
        { token: staff.bearer },
      )
      .expect(404);
    expect(response.body.code).toBe('NotFoundException');
    expect((await t.sql.query('SELECT count(*)::int AS n FROM auth.sessions')).rows[0].n).toBe(before);
  });

  it('refuses impersonating staff, and non-staff impersonating anyone', async () => {
    const staffAccount = await t
      .call(
        internalImpersonateContract,
        { organisation_id: staff.organisation.id, account_id: staff.account.id },
        { token: staff.bearer },
      )
      .expect(403);
    expect(staffAccount.body.code).toBe('StaffImpersonationException');
    const admin = await t.factories.newOrganisation();
    await t
      .call(
        internalImpersonateContract,
        { organisation_id: admin.organisation.id, account_id: admin.account.id },
        { token: admin.bearer },
      )
      .expect(403);
  });

  it('checks the impersonate form with the spec messages', async () => {
    const response = await t.call(internalImpersonateContract, {}, { token: staff.bearer }).expect(400);
    expect(response.body.fields).toEqual({
      organisation_id: ['Organization is required'],
      account_id: ['Person is required'],
    });
  });
});
