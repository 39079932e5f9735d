import {
  accountListContract,
  lookupContract,
  loginContract,
  passwordTokenValidContract,
  registerContract,
  verifyEmailContract,
} from '@meridian/contracts';
import { linkTokenIn, ok, uniqueSuffix } from '@meridian/testing';
import { PUBLIC_BASE_URL, startAuthTestApp, type AuthTestApp } from './support/auth-test-app';

function registerForm(overrides: Record<string, unknown> = {}) {
  const suffix = uniqueSuffix();
  return {
    name: 'Grace Hopper',
    email: `grace-${suffix}@acme-${suffix}.com`,
    password: 'navy-cobol-1959',
    organisation: `Acme ${suffix}`,
    domain: `acme-${suffix}.com`,
    ...overrides,
  };
}

describe('accounts: register, verify, lookup, list', () => {
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('registers an organisation with its first admin, unverified, and mails a verification link', async () => {
    const form = registerForm({ organisation: 'Acme Café, Inc.' });
    const response = ok(await t.call(registerContract, form));
    expect(response.body).toMatchObject({
      success: true,
      account: {
        email: form.email,
        name: 'Grace Hopper',
        is_email_verified: false,
        is_federated_user: false,
      },
      organisation: { name: 'Acme Café, Inc.', domain: form.domain, slug: 'acme-cafe-inc', is_active: true },
    });
    expect(response.body.account.roles).toEqual([{ role_name: 'CUSTOMER_ORG_ADMIN' }]);
    const mail = await t.sink.waitFor({ to: form.email, subject: 'Verify your email address' });
    expect(mail.links.some((link) => link.startsWith(`${PUBLIC_BASE_URL}/verify-email/`))).toBe(true);
  });

  it('gives each organisation a unique slug from its name', async () => {
    const first = ok(await t.call(registerContract, registerForm({ organisation: 'Globex' })));
    const second = ok(await t.call(registerContract, registerForm({ organisation: 'Globex' })));
    expect(first.body.organisation.slug).toBe('globex');
    expect(second.body.organisation.slug).toBe('globex-2');
  });

  it('refuses login before the email is verified, with a clear message and a new link', async () => {
    const form = registerForm();
    ok(await t.call(registerContract, form));
    await t.sink.waitFor({ to: form.email });
    const response = await t
      .call(loginContract, { credentials: { email: form.email, password: form.password } })
      .expect(403);
    expect(response.body).toMatchObject({
      code: 'EmailNotVerifiedException',
      description:
        'Please verify your email address before you log in. We have sent you a new verification link',
    });
    const again = await t.sink.waitFor({ to: form.email, subject: 'Verify your email address' });
    ok(await t.call(verifyEmailContract, { token: linkTokenIn(again, `${PUBLIC_BASE_URL}/verify-email/`) }));
    ok(await t.call(loginContract, { credentials: { email: form.email, password: form.password } }));
  });

  it('verifies the email through the mailed link, once', async () => {
    const form = registerForm();
    ok(await t.call(registerContract, form));
    const token = linkTokenIn(await t.sink.waitFor({ to: form.email }), `${PUBLIC_BASE_URL}/verify-email/`);

    const before = await t.call(passwordTokenValidContract, { token, request_type: 'verify_email' });
    expect(before.body).toEqual({ valid: true });
    expect(ok(await t.call(verifyEmailContract, { token })).body).toEqual({ success: true });

    const login = ok(
      await t.call(loginContract, {
        credentials: { email: form.email.toUpperCase(), password: form.password },
      }),
    );
    expect(login.body.account.is_email_verified).toBe(true);

    expect((await t.call(passwordTokenValidContract, { token, request_type: 'verify_email' })).body).toEqual({
      valid: false,
    });
    const reused = await t.call(verifyEmailContract, { token }).expect(400);
    expect(reused.body).toMatchObject({
      code: 'LinkExpiredException',
      description: 'Your account activation link is no longer valid',
    });
  });

  it('builds mail links from PUBLIC_BASE_URL, never from the Host header', async () => {
    const form = registerForm();
    ok(
      await t
        .call(registerContract, form)
        .set('host', 'evil.example.net')
        .set('x-forwarded-host', 'evil.example.net'),
    );
    const mail = await t.sink.waitFor({ to: form.email });
    expect(mail.links.length).toBeGreaterThan(0);
    for (const link of mail.links) expect(link.startsWith(`${PUBLIC_BASE_URL}/`)).toBe(true);
    expect(mail.html).not.toContain('evil.example.net');
  });

  it('refuses an email that already has an account, whatever its case', async () => {
    const form = registerForm();
    ok(await t.call(registerContract, form));
    const again = await t
      .call(registerContract, registerForm({ email: form.email.toUpperCase(), domain: form.domain }))
      .expect(409);
    expect(again.body).toMatchObject({
      code: 'AccountAlreadyExistsException',
      fields: { email: ['An account with this email already exists'] },
    });
  });

  it('refuses a domain another organisation owns', async () => {
    const owner = await t.factories.newOrganisation();
    const domain = owner.organisation.domain;
    const again = await t
      .call(
        registerContract,
        registerForm({ email: `x-${uniqueSuffix()}@${domain}`, domain: domain.toUpperCase() }),
      )
      .expect(409);
    expect(again.body).toMatchObject({
      code: 'DomainAlreadyRegisteredException',
      fields: { domain: [expect.any(String)] },
    });
  });

  it.each([
    [{ email: undefined }, 'email', 'Email is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ domain: '' }, 'domain', 'Domain is required'],
    [{ domain: 'acme' }, 'domain', 'Please enter a valid domain'],
    [{ domain: '192.168.1.10' }, 'domain', 'Please enter a valid domain'],
    [{ domain: '10.0.0.1' }, 'domain', 'Please enter a valid domain'],
    [{ domain: '127.0.0.1' }, 'domain', 'Please enter a valid domain'],
    [{ domain: 'localhost' }, 'domain', 'Please enter a valid domain'],
    [{ password: undefined }, 'password', 'Password is required'],
    [{ password: '12345' }, 'password', 'Password must be at least 6 characters long'],
    [{ name: '  ' }, 'name', 'Name is required'],
    [{ organisation: '' }, 'organisation', 'Organization is required'],
  ])('refuses %j with the message on %s', async (change, field, message) => {
    const response = await t.call(registerContract, registerForm(change)).expect(400);
    expect(response.body).toMatchObject({ code: 'ValidationException', fields: { [field]: [message] } });
  });

  it('answers lookup with the password type for password users and unknown emails', async () => {
    const admin = await t.factories.newOrganisation();
    expect(ok(await t.call(lookupContract, { email: admin.email })).body).toEqual({ auth_type: 'meridian' });
    expect(ok(await t.call(lookupContract, { email: `nobody-${uniqueSuffix()}@nowhere.com` })).body).toEqual({
      auth_type: 'meridian',
    });
    const invalid = await t.call(lookupContract, { email: 'nope' }).expect(400);
    expect(invalid.body.fields).toEqual({ email: ['Please enter a valid email address'] });
  });

  it("lists the caller's organisation's accounts with roles and invite state, a page at a time", async () => {
    const admin = await t.factories.newOrganisation();
    const user = await t.factories.newUser(admin);
    const other = await t.factories.newOrganisation();

    const page = ok(
      await t.call(accountListContract, { page_size: 1000, page_number: 1 }, { token: admin.bearer }),
    ).body;
    expect(page).toMatchObject({ page_number: 1, page_size: 1000, page_count: 1, total_count: 2 });
    expect(page.records.map((r: { email: string }) => r.email)).toEqual([admin.email, user.email]);
    expect(page.records[0]).toMatchObject({
      roles: [{ role_name: 'CUSTOMER_ORG_ADMIN' }],
      is_invite_pending: false,
    });
    expect(page.records[1]).toMatchObject({
      roles: [{ role_name: 'CUSTOMER_ORG_USER' }],
      is_invite_pending: false,
    });
    expect(JSON.stringify(page)).not.toContain(other.email);

    const second = ok(
      await t.call(accountListContract, { page_size: 1, page_number: 2 }, { token: admin.bearer }),
    ).body;
    expect(second).toMatchObject({ page_count: 2, total_count: 2 });
    expect(second.records.map((r: { email: string }) => r.email)).toEqual([user.email]);
  });

  it('refuses page fields that are not whole numbers instead of reading true as a page of 1', async () => {
    const admin = await t.factories.newOrganisation();
    for (const size of [true, [5], null, '']) {
      const response = await t
        .call(accountListContract, { page_size: size as unknown as number }, { token: admin.bearer })
        .expect(400);
      expect(response.body).toMatchObject({
        code: 'ValidationException',
        fields: { page_size: ['Must be a whole number'] },
      });
    }
    expect(
      ok(await t.call(accountListContract, { page_size: '1' as unknown as number }, { token: admin.bearer }))
        .body,
    ).toMatchObject({ page_size: 1, total_count: 1 });
  });

  it('needs a bearer token to list accounts', async () => {
    const response = await t.call(accountListContract, {}).expect(401);
    expect(response.body).toMatchObject({
      code: 'AuthTokenNotFoundException',
      description: 'Auth token not found',
    });
  });
});
