import {
  loginContract,
  passwordChangeContract,
  passwordResetContract,
  passwordSendResetContract,
  passwordSetContract,
  passwordTokenValidContract,
  tokenVerifyContract,
} from '@meridian/contracts';
import { linkTokenIn, ok, uniqueSuffix } from '@meridian/testing';
import request from 'supertest';
import { PUBLIC_BASE_URL, startAuthTestApp, type AuthTestApp } from './support/auth-test-app';
import { CREATE_LINK, invite, invitee } from './support/invites';

const RESET_LINK = `${PUBLIC_BASE_URL}/password/reset/`;

describe('passwords: reset, set, change', () => {
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthTestApp({ PASSWORD_RESET_MAX_PER_WINDOW: '3' });
  });

  afterEach(async () => {
    await t.sql.query('DELETE FROM auth.login_attempts');
  });

  afterAll(async () => {
    await t?.close();
  });

  /** The session ids the account's sessionRevoked events named, in order. */
  async function revokedSessions(accountId: string): Promise<string[][]> {
    const { rows } = await t.sql.query<{ payload: { session_ids: string[]; organisation_id: string } }>(
      `SELECT payload FROM auth.outbox WHERE name = 'auth.session.revoked.v1' AND key = $1 ORDER BY seq`,
      [accountId],
    );
    return rows.map((r) => [...r.payload.session_ids].sort());
  }

  async function sessionIdOf(token: string): Promise<string> {
    return (ok(await t.call(tokenVerifyContract, {}, { token })).body as { session: { id: string } }).session
      .id;
  }

  async function requestReset(email: string): Promise<string> {
    expect(ok(await t.call(passwordSendResetContract, { email })).body).toEqual({ success: true });
    return linkTokenIn(await t.sink.waitFor({ to: email, subject: 'Reset your password' }), RESET_LINK);
  }

  it('mails a reset link; the new password works, the old one and every old session do not', async () => {
    const admin = await t.factories.newOrganisation();
    const secondDevice = await t.factories.login(admin.email, admin.password);
    const ended = [await sessionIdOf(admin.bearer), await sessionIdOf(secondDevice.bearer)].sort();
    const token = await requestReset(admin.email);

    expect(
      (await t.call(passwordTokenValidContract, { token, request_type: 'password_reset' })).body,
    ).toEqual({ valid: true });
    expect(
      (await t.call(passwordTokenValidContract, { token, request_type: 'password_create' })).body,
    ).toEqual({ valid: false });

    const set = ok(
      await t.call(passwordSetContract, {
        token,
        password: 'brand-new-secret',
        request_type: 'password_reset',
      }),
    );
    expect(set.body).toEqual({ success: true });

    await t.call(tokenVerifyContract, {}, { token: admin.bearer }).expect(401);
    await t.call(tokenVerifyContract, {}, { token: secondDevice.bearer }).expect(401);
    // Announced to the other services, which keep confirmed sessions for a while.
    expect(await revokedSessions(admin.account.id)).toEqual([ended]);
    await t
      .call(loginContract, { credentials: { email: admin.email, password: admin.password } })
      .expect(401);
    ok(await t.call(loginContract, { credentials: { email: admin.email, password: 'brand-new-secret' } }));
  });

  it('resets the password by the link through email.reset, with no bearer, and ends every session', async () => {
    const admin = await t.factories.newOrganisation();
    const secondDevice = await t.factories.login(admin.email, admin.password);
    const ended = [await sessionIdOf(admin.bearer), await sessionIdOf(secondDevice.bearer)].sort();
    const token = await requestReset(admin.email);

    // The raw path and body of spec 7, sent without any authorization header.
    const reset = await request(t.server)
      .post('/api/auth/v1/accounts/password/email.reset')
      .send({ token, password: 'reset-by-link' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true });

    await t.call(tokenVerifyContract, {}, { token: admin.bearer }).expect(401);
    await t.call(tokenVerifyContract, {}, { token: secondDevice.bearer }).expect(401);
    expect(await revokedSessions(admin.account.id)).toEqual([ended]);
    await t
      .call(loginContract, { credentials: { email: admin.email, password: admin.password } })
      .expect(401);
    ok(await t.call(loginContract, { credentials: { email: admin.email, password: 'reset-by-link' } }));
  });

  it('refuses a used or expired link on email.reset with the reset sentence', async () => {
    const admin = await t.factories.newOrganisation();
    const used = await requestReset(admin.email);
    ok(await t.call(passwordResetContract, { token: used, password: 'first-new-secret' }));
    const again = await t
      .call(passwordResetContract, { token: used, password: 'second-new-secret' })
      .expect(400);
    expect(again.body).toMatchObject({
      code: 'LinkExpiredException',
      description: 'Your password reset link is no longer valid',
    });

    const expired = await requestReset(admin.email);
    await t.sql.query(
      `UPDATE auth.account_tokens SET expires_at = now() - interval '1 second' WHERE account_id = $1`,
      [admin.account.id],
    );
    const late = await t
      .call(passwordResetContract, { token: expired, password: 'too-late-secret' })
      .expect(400);
    expect(late.body).toMatchObject({
      code: 'LinkExpiredException',
      description: 'Your password reset link is no longer valid',
    });
    ok(await t.call(loginContract, { credentials: { email: admin.email, password: 'first-new-secret' } }));
  });

  it("refuses an invitation's create link on email.reset, and leaves it usable", async () => {
    const admin = await t.factories.newOrganisation();
    const guest = invitee(admin);
    await invite(t, admin, [guest]);
    const invitation = linkTokenIn(await t.sink.waitFor({ to: guest.email }), CREATE_LINK);
    const response = await t
      .call(passwordResetContract, { token: invitation, password: 'not-this-way' })
      .expect(400);
    expect(response.body.code).toBe('LinkExpiredException');
    expect(
      (await t.call(passwordTokenValidContract, { token: invitation, request_type: 'password_create' })).body,
    ).toEqual({ valid: true });
  });

  it.each([
    [{ password: '' }, 'password', 'Password is required'],
    [{ password: 'abc' }, 'password', 'Password must be at least 6 characters long'],
  ])('refuses email.reset %j', async (change, field, message) => {
    const body = { token: 'some-token', ...change };
    const response = await t.call(passwordResetContract, body).expect(400);
    expect(response.body.fields[field]).toEqual([message]);
  });

  it('uses a reset link once', async () => {
    const admin = await t.factories.newOrganisation();
    const token = await requestReset(admin.email);
    ok(
      await t.call(passwordSetContract, {
        token,
        password: 'first-new-secret',
        request_type: 'password_reset',
      }),
    );
    const again = await t
      .call(passwordSetContract, { token, password: 'second-new-secret', request_type: 'password_reset' })
      .expect(400);
    expect(again.body).toMatchObject({
      code: 'LinkExpiredException',
      description: 'Your password reset link is no longer valid',
    });
    expect(
      (await t.call(passwordTokenValidContract, { token, request_type: 'password_reset' })).body,
    ).toEqual({ valid: false });
  });

  it('retires the earlier reset link when a new one is asked for', async () => {
    const admin = await t.factories.newOrganisation();
    const first = await requestReset(admin.email);
    const second = await requestReset(admin.email);
    expect(
      (await t.call(passwordTokenValidContract, { token: first, request_type: 'password_reset' })).body,
    ).toEqual({ valid: false });
    expect(
      (await t.call(passwordTokenValidContract, { token: second, request_type: 'password_reset' })).body,
    ).toEqual({ valid: true });
  });

  it("retires an invitation's link once the password is set through a reset link", async () => {
    const admin = await t.factories.newOrganisation();
    const guest = invitee(admin);
    await invite(t, admin, [guest]);
    const invitation = linkTokenIn(await t.sink.waitFor({ to: guest.email }), CREATE_LINK);
    const reset = await requestReset(guest.email);
    ok(
      await t.call(passwordSetContract, {
        token: reset,
        password: 'chosen-secret',
        request_type: 'password_reset',
      }),
    );
    // Whoever holds the old invitation mail cannot set another password.
    expect(
      (await t.call(passwordTokenValidContract, { token: invitation, request_type: 'password_create' })).body,
    ).toEqual({ valid: false });
    await t
      .call(passwordSetContract, {
        token: invitation,
        password: 'taken-over',
        request_type: 'password_create',
      })
      .expect(400);
    ok(await t.call(loginContract, { credentials: { email: guest.email, password: 'chosen-secret' } }));
  });

  it('retires an open reset link when the password is changed signed in', async () => {
    const admin = await t.factories.newOrganisation();
    const reset = await requestReset(admin.email);
    ok(
      await t.call(
        passwordChangeContract,
        { old_password: admin.password, new_password: 'changed-secret' },
        { token: admin.bearer },
      ),
    );
    expect(
      (await t.call(passwordTokenValidContract, { token: reset, request_type: 'password_reset' })).body,
    ).toEqual({ valid: false });
    await t
      .call(passwordSetContract, { token: reset, password: 'set-back', request_type: 'password_reset' })
      .expect(400);
  });

  it('refuses an expired reset link', async () => {
    const admin = await t.factories.newOrganisation();
    const token = await requestReset(admin.email);
    await t.sql.query(
      `UPDATE auth.account_tokens SET expires_at = now() - interval '1 second' WHERE account_id = $1`,
      [admin.account.id],
    );
    expect(
      (await t.call(passwordTokenValidContract, { token, request_type: 'password_reset' })).body,
    ).toEqual({ valid: false });
    await t
      .call(passwordSetContract, { token, password: 'too-late-secret', request_type: 'password_reset' })
      .expect(400);
    ok(await t.call(loginContract, { credentials: { email: admin.email, password: admin.password } }));
  });

  it('answers an unknown email with AccountDoesNotExistsException (404), and sends nothing', async () => {
    const email = `ghost-${uniqueSuffix()}@nowhere.com`;
    const tokensBefore = (await t.sql.query('SELECT count(*)::int AS n FROM auth.account_tokens')).rows[0].n;
    const response = await t.call(passwordSendResetContract, { email }).expect(404);
    expect(response.body).toMatchObject({
      code: 'AccountDoesNotExistsException',
      description: 'We could not find an account with this email address',
    });
    expect((await t.sql.query('SELECT count(*)::int AS n FROM auth.account_tokens')).rows[0].n).toBe(
      tokensBefore,
    );
    // Both paths count the request the same way (the rate limit does not tell them apart either).
    const counted = await t.sql.query(
      `SELECT count(*)::int AS n FROM auth.login_attempts WHERE kind = 'password_reset' AND email = $1`,
      [email],
    );
    expect(counted.rows[0].n).toBe(1);
    expect(t.sink.unclaimed({ to: email })).toEqual([]);
  });

  it('limits reset mails per email', async () => {
    const admin = await t.factories.newOrganisation();
    for (let i = 0; i < 3; i++) await requestReset(admin.email);
    const limited = await t.call(passwordSendResetContract, { email: admin.email });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('TooManyRequestsException');
  });

  it.each([
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'nope' }, 'email', 'Please enter a valid email address'],
  ])('refuses send.reset %j', async (body, field, message) => {
    const response = await t.call(passwordSendResetContract, body).expect(400);
    expect(response.body.fields[field]).toEqual([message]);
  });

  it.each([
    [{ password: '' }, 'password', 'Password is required'],
    [{ password: 'abc' }, 'password', 'Password must be at least 6 characters long'],
    [{ request_type: 'verify_email' }, 'request_type', expect.any(String)],
  ])('refuses password.set %j', async (change, field, message) => {
    const body = { token: 'some-token', password: 'long-enough', request_type: 'password_reset', ...change };
    const response = await t.call(passwordSetContract, body).expect(400);
    expect(response.body.fields[field]).toEqual([message]);
  });

  it('answers valid: false for a token it never issued', async () => {
    const response = ok(
      await t.call(passwordTokenValidContract, { token: 'never-issued', request_type: 'password_create' }),
    );
    expect(response.body).toEqual({ valid: false });
  });

  it('changes the own password, keeps the current session and ends the others', async () => {
    const admin = await t.factories.newOrganisation();
    const elsewhere = await t.factories.login(admin.email, admin.password);
    const elsewhereId = await sessionIdOf(elsewhere.bearer);
    const response = ok(
      await t.call(
        passwordChangeContract,
        { old_password: admin.password, new_password: 'changed-secret' },
        { token: admin.bearer },
      ),
    );
    expect(response.body).toEqual({ success: true });
    ok(await t.call(tokenVerifyContract, {}, { token: admin.bearer }));
    await t.call(tokenVerifyContract, {}, { token: elsewhere.bearer }).expect(401);
    expect(await revokedSessions(admin.account.id)).toEqual([[elsewhereId]]);
    await t
      .call(loginContract, { credentials: { email: admin.email, password: admin.password } })
      .expect(401);
    ok(await t.call(loginContract, { credentials: { email: admin.email, password: 'changed-secret' } }));
  });

  it('changes the own password at password.change only: email.reset takes a link, not a session', async () => {
    const admin = await t.factories.newOrganisation();
    const viaReset = await request(t.server)
      .post('/api/auth/v1/accounts/password/email.reset')
      .set('authorization', `Bearer ${admin.bearer}`)
      .send({ old_password: admin.password, new_password: 'changed-secret' });
    expect(viaReset.status).toBe(400);
    expect(Object.keys(viaReset.body.fields).sort()).toEqual(['password', 'token']);
    const changed = await request(t.server)
      .post('/api/auth/v1/accounts/password.change')
      .set('authorization', `Bearer ${admin.bearer}`)
      .send({ old_password: admin.password, new_password: 'changed-secret' });
    expect(changed.status).toBe(200);
    ok(await t.call(loginContract, { credentials: { email: admin.email, password: 'changed-secret' } }));
  });

  it('refuses a wrong old password without ending the session', async () => {
    const admin = await t.factories.newOrganisation();
    const response = await t
      .call(
        passwordChangeContract,
        { old_password: 'not-it', new_password: 'changed-secret' },
        { token: admin.bearer },
      )
      .expect(400);
    expect(response.body).toMatchObject({
      code: 'InvalidOldPasswordException',
      fields: { old_password: ['Old password is incorrect'] },
    });
    ok(await t.call(tokenVerifyContract, {}, { token: admin.bearer }));
    ok(await t.call(loginContract, { credentials: { email: admin.email, password: admin.password } }));
  });

  it('checks the new password with the spec messages and needs a session', async () => {
    const admin = await t.factories.newOrganisation();
    const short = await t
      .call(
        passwordChangeContract,
        { old_password: admin.password, new_password: '123' },
        { token: admin.bearer },
      )
      .expect(400);
    expect(short.body.fields).toEqual({ new_password: ['Password must be at least 6 characters long'] });
    await t
      .call(passwordChangeContract, { old_password: admin.password, new_password: 'changed-secret' })
      .expect(401);
  });
});
