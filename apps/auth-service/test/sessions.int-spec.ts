import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  loginContract,
  logoutContract,
  type Session,
  sessionSchema,
  tokenVerifyContract,
} from '@meridian/contracts';
import { HttpTokenVerifier } from '@meridian/server-kit';
import { ok, uniqueSuffix } from '@meridian/testing';
import { startAuthTestApp, type AuthTestApp } from './support/auth-test-app';

const LOGIN_FAILED = 'Username and password do not match. Please try again';

describe('sessions: login, logout, token.verify', () => {
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthTestApp({
      LOGIN_MAX_FAILURES_PER_EMAIL: '3',
      LOGIN_MAX_FAILURES_PER_IP: '5',
      SESSION_TTL_HOURS: '12',
      LOGIN_THROTTLE_STEP_MS: '10',
    });
  });

  afterEach(async () => {
    await t.sql.query('DELETE FROM auth.login_attempts');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('logs in with email and password and answers account, roles, organisation and token.token', async () => {
    const admin = await t.factories.newOrganisation();
    const response = ok(
      await t.call(loginContract, {
        credentials: { email: `  ${admin.email.toUpperCase()} `, password: admin.password },
      }),
    );
    expect(response.body).toMatchObject({
      account: { id: admin.account.id, email: admin.email, is_email_verified: true },
      roles: [{ role_name: 'CUSTOMER_ORG_ADMIN' }],
      organisation: { id: admin.organisation.id },
      token: { token: expect.any(String), expires_at: expect.any(String) },
    });
    const token: string = response.body.token.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only the token's SHA-256 is stored, with the configured lifetime.
    const stored = await t.sql.query(
      `SELECT token_hash, extract(epoch FROM expires_at - time_created)::int AS ttl FROM auth.sessions WHERE account_id = $1`,
      [admin.account.id],
    );
    const hashes = stored.rows.map((row: { token_hash: string }) => row.token_hash);
    expect(hashes).toContain(createHash('sha256').update(token).digest('hex'));
    expect(hashes).not.toContain(token);
    expect(stored.rows.every((row: { ttl: number }) => row.ttl === 12 * 3600)).toBe(true);
  });

  it('answers a wrong password and an unknown email with one code and one description', async () => {
    const admin = await t.factories.newOrganisation();
    const wrong = await t
      .call(loginContract, { credentials: { email: admin.email, password: 'not-the-password' } })
      .expect(401);
    const unknown = await t
      .call(loginContract, {
        credentials: { email: `ghost-${uniqueSuffix()}@nowhere.com`, password: 'whatever' },
      })
      .expect(401);
    const refusal = {
      status_code: 401,
      code: 'InvalidPasswordException',
      description: LOGIN_FAILED,
      fields: {},
    };
    const { correlation_id: _wrongId, ...wrongBody } = wrong.body;
    const { correlation_id: _unknownId, ...unknownBody } = unknown.body;
    expect(wrongBody).toEqual(refusal);
    expect(unknownBody).toEqual(refusal);
  });

  it.each([
    [{ credentials: { password: 'x' } }, 'credentials.email', 'Email is required'],
    [
      { credentials: { email: 'bad', password: 'x' } },
      'credentials.email',
      'Please enter a valid email address',
    ],
    [{ credentials: { email: 'a@b.co' } }, 'credentials.password', 'Password is required'],
    [{ credentials: { email: 'a@b.co', password: '' } }, 'credentials.password', 'Password is required'],
  ])('refuses %j with the message on %s', async (body, field, message) => {
    const response = await t.call(loginContract, body).expect(400);
    expect(response.body.fields[field]).toEqual([message]);
  });

  it('refuses the flat body of old: the credentials go under `credentials`', async () => {
    const admin = await t.factories.newOrganisation();
    const response = await t
      .call(loginContract, { email: admin.email, password: admin.password })
      .expect(400);
    expect(response.body.code).toBe('ValidationException');
  });

  describe('login limits', () => {
    const login = (email: string, password: string, ip: string) =>
      t.call(loginContract, { credentials: { email, password } }, { ip });

    it('locks an address out of an email after too many failures from it, and only that address', async () => {
      const admin = await t.factories.newOrganisation();
      for (let i = 0; i < 3; i++) await login(admin.email, 'wrong-password', '203.0.113.1').expect(401);
      const limited = await login(admin.email, admin.password, '203.0.113.1');
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ code: 'TooManyRequestsException' });
      ok(await login(admin.email, admin.password, '203.0.113.2'));
    });

    it('does not lock the real user out when many addresses fail for the email: it only slows down', async () => {
      const admin = await t.factories.newOrganisation();
      // Twice the per-email limit, spread over addresses that stay under it each.
      for (let i = 0; i < 6; i++) {
        await login(admin.email, 'wrong-password', `203.0.113.${10 + (i % 3)}`).expect(401);
      }
      ok(await login(admin.email, admin.password, '198.51.100.20'));
    });

    it('stops logins from an address after too many failures, whatever the email', async () => {
      const admin = await t.factories.newOrganisation();
      for (let i = 0; i < 5; i++) {
        await login(`ghost-${i}-${uniqueSuffix()}@nowhere.com`, 'x', '198.51.100.7').expect(401);
      }
      await login(admin.email, admin.password, '198.51.100.7').expect(429);
      ok(await login(admin.email, admin.password, '198.51.100.8'));
    });

    it('forgets an address’s failures after a successful login from it', async () => {
      const admin = await t.factories.newOrganisation();
      for (let i = 0; i < 2; i++) await login(admin.email, 'wrong-password', '192.0.2.1').expect(401);
      ok(await login(admin.email, admin.password, '192.0.2.1'));
      for (let i = 0; i < 2; i++) await login(admin.email, 'wrong-password', '192.0.2.1').expect(401);
      ok(await login(admin.email, admin.password, '192.0.2.1'));
    });
  });

  it('resolves a live session with token.verify', async () => {
    const admin = await t.factories.newOrganisation();
    const response = ok(await t.call(tokenVerifyContract, { role_names: [] }, { token: admin.bearer }));
    const session = sessionSchema.parse(response.body);
    expect(session).toMatchObject({
      account: { id: admin.account.id },
      organisation: { id: admin.organisation.id },
      impersonator: null,
      roles: [{ role_name: 'CUSTOMER_ORG_ADMIN' }],
    });
    ok(await t.call(tokenVerifyContract, {}, { token: admin.bearer }));
  });

  it('refuses token.verify when the session holds none of the roles asked for', async () => {
    const admin = await t.factories.newOrganisation();
    const user = await t.factories.newUser(admin);
    ok(await t.call(tokenVerifyContract, { role_names: ['CUSTOMER_ORG_ADMIN'] }, { token: admin.bearer }));
    const refused = await t
      .call(tokenVerifyContract, { role_names: ['CUSTOMER_ORG_ADMIN'] }, { token: user.bearer })
      .expect(403);
    expect(refused.body).toMatchObject({ code: 'ForbiddenException' });
    await t.call(tokenVerifyContract, { role_names: [] }, { token: 'not-a-token' }).expect(401);
    await t.call(tokenVerifyContract, { role_names: [] }).expect(401);
  });

  it('ends the session at once on logout, and only that session', async () => {
    const admin = await t.factories.newOrganisation();
    const other = await t.factories.login(admin.email, admin.password);
    const sessionId = (ok(await t.call(tokenVerifyContract, {}, { token: admin.bearer })).body as Session)
      .session.id;
    expect(ok(await t.call(logoutContract, {}, { token: admin.bearer })).body).toEqual({ success: true });
    const after = await t.call(tokenVerifyContract, { role_names: [] }, { token: admin.bearer }).expect(401);
    expect(after.body).toMatchObject({ code: 'InvalidAuthTokenException' });
    await t.call(logoutContract, {}, { token: admin.bearer }).expect(401);
    ok(await t.call(tokenVerifyContract, { role_names: [] }, { token: other.bearer }));
    // Announced once, in the logout's transaction: the other services drop their cached copy.
    const { rows } = await t.sql.query(
      `SELECT payload FROM auth.outbox WHERE name = 'auth.session.revoked.v1' AND key = $1`,
      [admin.account.id],
    );
    expect(rows.map((r: { payload: unknown }) => r.payload)).toEqual([
      { organisation_id: admin.organisation.id, account_id: admin.account.id, session_ids: [sessionId] },
    ]);
  });

  it('refuses an expired session', async () => {
    const admin = await t.factories.newOrganisation();
    ok(await t.call(tokenVerifyContract, {}, { token: admin.bearer }));
    await t.sql.query(
      `UPDATE auth.sessions SET expires_at = now() - interval '1 second' WHERE account_id = $1`,
      [admin.account.id],
    );
    await t.call(tokenVerifyContract, {}, { token: admin.bearer }).expect(401);
  });

  it('ends a session for the other services at once: they ask token.verify on every request', async () => {
    const admin = await t.factories.newOrganisation();
    const listening = await startListening(t);
    try {
      const verifier = new HttpTokenVerifier(listening);
      await expect(verifier.verify(admin.bearer)).resolves.toMatchObject({
        accountId: admin.account.id,
        organisationId: admin.organisation.id,
        roles: ['CUSTOMER_ORG_ADMIN'],
        isStaff: false,
        impersonatorId: null,
      });
      ok(await t.call(logoutContract, {}, { token: admin.bearer }));
      await expect(verifier.verify(admin.bearer)).resolves.toBeNull();
    } finally {
      await t.app.getHttpAdapter().getInstance().server.close();
    }
  });
});

async function startListening(t: AuthTestApp): Promise<string> {
  const server = t.app.getHttpAdapter().getInstance().server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
