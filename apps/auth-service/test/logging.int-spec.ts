import {
  apiKeyCreateContract,
  internalImpersonateContract,
  loginContract,
  passwordResetContract,
  passwordSendResetContract,
} from '@meridian/contracts';
import { linkTokenIn, ok } from '@meridian/testing';
import { PUBLIC_BASE_URL, startAuthTestApp, type AuthTestApp } from './support/auth-test-app';

describe('logs', () => {
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('never contain passwords, tokens, link tokens or API keys, even at trace level', async () => {
    const secrets: string[] = [];
    const admin = await t.factories.newOrganisation();
    secrets.push(admin.password, admin.bearer);
    const user = await t.factories.newUser(admin);
    secrets.push(user.password, user.bearer);
    await t
      .call(loginContract, { credentials: { email: admin.email, password: 'a-wrong-password' } })
      .expect(401);
    secrets.push('a-wrong-password');

    ok(await t.call(passwordSendResetContract, { email: user.email }));
    const resetToken = linkTokenIn(
      await t.sink.waitFor({ to: user.email, subject: 'Reset your password' }),
      `${PUBLIC_BASE_URL}/password/reset/`,
    );
    ok(await t.call(passwordResetContract, { token: resetToken, password: 'the-new-password' }));
    secrets.push(resetToken, 'the-new-password');

    const key = ok(
      await t.call(apiKeyCreateContract, { label: 'Segment', key_type: 'segment' }, { token: admin.bearer }),
    ).body.api_key.key;
    secrets.push(key);
    const staff = await t.factories.login(t.config.DEMO_STAFF_EMAIL, t.config.DEMO_STAFF_PASSWORD);
    const impersonation = ok(
      await t.call(
        internalImpersonateContract,
        { organisation_id: admin.organisation.id, account_id: admin.account.id },
        { token: staff.bearer },
      ),
    ).body.token.token;
    secrets.push(staff.bearer, t.config.DEMO_STAFF_PASSWORD, impersonation);

    const logs = t.logs.join('\n');
    // The log did see these requests.
    expect(logs).toContain('/api/auth/v1/accounts/password/email.reset');
    expect(logs).toContain('impersonation started');
    for (const secret of secrets) expect(logs).not.toContain(secret);
  });
});
