import {
  ADMINS_ONLY_SSO,
  loginContract,
  lookupContract,
  passwordSendResetContract,
  samlConfigCreateContract,
  samlConfigGetContract,
  samlConfigUpdateContract,
  samlLoginContract,
  tokenVerifyContract,
} from '@meridian/contracts';
import { createTestIdp, ok, type SignedIn, type TestIdp, uniqueSuffix } from '@meridian/testing';
import request from 'supertest';
import { PUBLIC_BASE_URL, startAuthTestApp, type AuthTestApp } from './support/auth-test-app';
import { configureSso, postToAcs, responseFor, serviceProvider, startSso } from './support/sso';

describe('SAML single sign-on: configuration, lookup, login', () => {
  let t: AuthTestApp;
  let idp: TestIdp;

  beforeAll(async () => {
    t = await startAuthTestApp();
    idp = createTestIdp();
  });

  afterAll(async () => {
    await t?.close();
  });

  async function ssoOrganisation(): Promise<SignedIn> {
    const admin = await t.factories.newOrganisation();
    await configureSso(t, admin, idp);
    return admin;
  }

  it('creates, reads and updates the configuration, with the service provider addresses', async () => {
    const admin = await t.factories.newOrganisation();
    const empty = ok(await t.call(samlConfigGetContract, {}, { token: admin.bearer })).body;
    const sp = serviceProvider(admin.organisation.slug);
    expect(empty).toEqual({
      saml_config: null,
      service_provider: {
        slug: admin.organisation.slug,
        entity_id: sp.entityId,
        acs_url: sp.acsUrl,
        login_url: `${PUBLIC_BASE_URL}${sp.loginPath}`,
      },
    });
    await t
      .call(
        samlConfigUpdateContract,
        { sso_url: 'https://idp.example.com/sso', entity_id: idp.issuer, certificate: idp.certificate },
        { token: admin.bearer },
      )
      .expect(404);

    const created = await configureSso(t, admin, idp);
    expect(created.saml_config).toMatchObject({
      organisation_id: admin.organisation.id,
      created_by_id: admin.account.id,
      entity_id: idp.issuer,
      idp: 'okta',
    });
    const again = await t
      .call(
        samlConfigCreateContract,
        { sso_url: 'https://idp.example.com/sso', entity_id: idp.issuer, certificate: idp.certificate },
        { token: admin.bearer },
      )
      .expect(409);
    expect(again.body.code).toBe('SamlConfigExistsException');

    // A bare base64 body (as identity providers show it) is stored as a PEM.
    const bare = idp.certificate.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
    const updated = ok(
      await t.call(
        samlConfigUpdateContract,
        { sso_url: 'https://login.example.com/sso', entity_id: 'urn:idp:2', certificate: bare },
        { token: admin.bearer },
      ),
    ).body;
    expect(updated.saml_config).toMatchObject({
      sso_url: 'https://login.example.com/sso',
      entity_id: 'urn:idp:2',
      certificate: idp.certificate,
    });
    expect(
      ok(await t.call(samlConfigGetContract, {}, { token: admin.bearer })).body.saml_config.entity_id,
    ).toBe('urn:idp:2');
  });

  it.each([
    [{ sso_url: '' }, 'sso_url', 'Single sign-on URL is required'],
    [{ sso_url: 'ftp://idp.example.com' }, 'sso_url', 'Please enter a valid url'],
    [{ entity_id: ' ' }, 'entity_id', 'IDP issuer is required'],
    [{ certificate: '' }, 'certificate', 'Certificate is required'],
    [{ certificate: 'not a certificate' }, 'certificate', 'Please enter a valid certificate'],
  ])('refuses the configuration %j', async (change, field, message) => {
    const admin = await t.factories.newOrganisation();
    const body = {
      sso_url: 'https://idp.example.com/sso',
      entity_id: idp.issuer,
      certificate: idp.certificate,
      ...change,
    };
    const response = await t.call(samlConfigCreateContract, body, { token: admin.bearer }).expect(400);
    expect(response.body.fields[field]).toEqual([message]);
  });

  it('lets only admins change the configuration', async () => {
    const admin = await t.factories.newOrganisation();
    const user = await t.factories.newUser(admin);
    const body = {
      sso_url: 'https://idp.example.com/sso',
      entity_id: idp.issuer,
      certificate: idp.certificate,
    };
    const refused = await t.call(samlConfigCreateContract, body, { token: user.bearer }).expect(403);
    expect(refused.body).toMatchObject({ code: 'ForbiddenException', description: ADMINS_ONLY_SSO });
    await configureSso(t, admin, idp);
    await t
      .call(samlConfigUpdateContract, { ...body, entity_id: 'urn:evil' }, { token: user.bearer })
      .expect(403);
    expect(
      ok(await t.call(samlConfigGetContract, {}, { token: user.bearer })).body.saml_config.entity_id,
    ).toBe(idp.issuer);
  });

  it('sends new emails of an SSO domain to single sign-on; password users and other emails to the password', async () => {
    const admin = await ssoOrganisation();
    const newcomer = `new-${uniqueSuffix()}@${admin.organisation.domain}`;
    expect(ok(await t.call(lookupContract, { email: newcomer })).body).toEqual({
      auth_type: 'sso',
      redirect_url: `${PUBLIC_BASE_URL}${serviceProvider(admin.organisation.slug).loginPath}`,
    });
    expect(ok(await t.call(lookupContract, { email: admin.email })).body).toEqual({ auth_type: 'meridian' });
    expect(ok(await t.call(lookupContract, { email: `x-${uniqueSuffix()}@elsewhere.com` })).body).toEqual({
      auth_type: 'meridian',
    });
    ok(await t.call(loginContract, { credentials: { email: admin.email, password: admin.password } }));
  });

  it('starts SP-initiated login with an AuthnRequest to the identity provider', async () => {
    const admin = await ssoOrganisation();
    const started = await startSso(t, admin.organisation.slug);
    const sp = serviceProvider(admin.organisation.slug);
    expect(started.location.startsWith('https://idp.example.com/sso?SAMLRequest=')).toBe(true);
    expect(started).toMatchObject({
      destination: 'https://idp.example.com/sso',
      acsUrl: sp.acsUrl,
      issuer: sp.entityId,
    });
    expect(started.id).toMatch(/^_/);
    await request(t.server)
      .get(serviceProvider(`no-such-org-${uniqueSuffix()}`).loginPath)
      .expect(404);
  });

  it('logs a new user of the domain in as a federated user, through the redirect code, once', async () => {
    const admin = await ssoOrganisation();
    const slug = admin.organisation.slug;
    const email = `Sso.User-${uniqueSuffix()}@${admin.organisation.domain}`;
    const { id } = await startSso(t, slug);
    const next = await postToAcs(
      t,
      slug,
      responseFor(idp, slug, id, email, { attributes: { displayName: 'Sso User' } }),
    );
    expect(`${next.origin}${next.pathname}`).toBe(`${PUBLIC_BASE_URL}/sso-redirect`);
    const code = next.searchParams.get('code');
    expect(code).toBeTruthy();

    const login = ok(await t.call(samlLoginContract, { code })).body;
    expect(login).toMatchObject({
      account: { email, name: 'Sso User', is_federated_user: true, is_email_verified: true },
      roles: [{ role_name: 'CUSTOMER_ORG_USER' }],
      organisation: { id: admin.organisation.id },
      token: { token: expect.any(String) },
    });
    ok(await t.call(tokenVerifyContract, {}, { token: login.token.token }));
    const reused = await t.call(samlLoginContract, { code }).expect(400);
    expect(reused.body.code).toBe('SamlLoginFailedException');

    // From now on this user always uses SSO, and has no password to log in or reset.
    expect(ok(await t.call(lookupContract, { email })).body.auth_type).toBe('sso');
    expect((await t.call(loginContract, { credentials: { email, password: 'anything' } })).body.code).toBe(
      'SsoLoginRequiredException',
    );
    expect((await t.call(passwordSendResetContract, { email })).body.code).toBe('SsoLoginRequiredException');

    // A second login finds the same account.
    const again = await startSso(t, slug);
    const second = await postToAcs(t, slug, responseFor(idp, slug, again.id, email.toLowerCase()));
    const secondLogin = ok(await t.call(samlLoginContract, { code: second.searchParams.get('code') })).body;
    expect(secondLogin.account.id).toBe(login.account.id);
  });

  it('refuses an unknown or expired code', async () => {
    const unknown = await t.call(samlLoginContract, { code: 'never-issued' }).expect(400);
    expect(unknown.body).toMatchObject({
      code: 'SamlLoginFailedException',
      description: 'Single sign-on failed. Please try again',
    });
    const admin = await ssoOrganisation();
    const slug = admin.organisation.slug;
    const { id } = await startSso(t, slug);
    const next = await postToAcs(
      t,
      slug,
      responseFor(idp, slug, id, `late-${uniqueSuffix()}@${admin.organisation.domain}`),
    );
    await t.sql.query(`UPDATE auth.saml_login_codes SET expires_at = now() WHERE organisation_id = $1`, [
      admin.organisation.id,
    ]);
    await t.call(samlLoginContract, { code: next.searchParams.get('code') }).expect(400);
    await t.call(samlLoginContract, {}).expect(400);
  });
});
