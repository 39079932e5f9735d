import { loginContract } from '@meridian/contracts';
import { ok } from '@meridian/testing';
import { startAuthTestApp, type AuthTestApp } from './support/auth-test-app';

/**
 * The login limits count per client address; only a trusted proxy may name it in
 * X-Forwarded-For. Here the test connects from loopback, which this service does not trust.
 */
describe('client address: X-Forwarded-For from an untrusted peer', () => {
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthTestApp({
      TRUSTED_PROXIES: '192.0.2.250',
      LOGIN_MAX_FAILURES_PER_EMAIL: '3',
      LOGIN_THROTTLE_STEP_MS: '10',
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('ignores a spoofed header: failures sent under made-up addresses count for the real one', async () => {
    const admin = await t.factories.newOrganisation();
    const login = (password: string, ip: string) =>
      t.call(loginContract, { credentials: { email: admin.email, password } }, { ip });
    for (let i = 0; i < 3; i++) await login('wrong-password', `203.0.113.${i + 1}`).expect(401);
    const limited = await login(admin.password, '203.0.113.99');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('TooManyRequestsException');
    const counted = await t.sql.query(`SELECT DISTINCT ip FROM auth.login_attempts WHERE email = $1`, [
      admin.email,
    ]);
    expect(counted.rows.map((row: { ip: string }) => row.ip)).toEqual(['127.0.0.1']);
  });
});

describe('client address: the default trusts the local gateway', () => {
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthTestApp({ LOGIN_MAX_FAILURES_PER_EMAIL: '3' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('counts failures per forwarded address when the peer is the gateway on loopback', async () => {
    const admin = await t.factories.newOrganisation();
    for (let i = 0; i < 3; i++) {
      await t
        .call(loginContract, { credentials: { email: admin.email, password: 'nope' } }, { ip: '203.0.113.7' })
        .expect(401);
    }
    ok(
      await t.call(
        loginContract,
        { credentials: { email: admin.email, password: admin.password } },
        { ip: '203.0.113.8' },
      ),
    );
  });
});
