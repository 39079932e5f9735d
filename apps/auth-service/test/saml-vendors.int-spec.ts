import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  samlConfigCreateContract,
  samlConfigUpdateContract,
  samlLoginContract,
  samlMetadataImportContract,
} from '@meridian/contracts';
import { generateKeyAndCertificate, ok, type SignedIn, uniqueSuffix } from '@meridian/testing';
import request from 'supertest';
import { PUBLIC_BASE_URL, startAuthTestApp, type AuthTestApp } from './support/auth-test-app';
import { postToAcs, serviceProvider, startSso } from './support/sso';
import {
  ENTRA,
  GOOGLE,
  OKTA,
  RSA_SHA1,
  type VendorIdp,
  vendorIdp,
  type VendorProfile,
} from './support/vendor-idp';

const REFUSED = `${PUBLIC_BASE_URL}/sso-redirect?error=SamlLoginFailedException`;

describe('SAML single sign-on with the identity providers customers use', () => {
  let t: AuthTestApp;

  beforeAll(async () => {
    // The metadata server of the import test listens on loopback; the operator allows it here.
    t = await startAuthTestApp({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
  });

  afterAll(async () => {
    await t?.close();
  });

  function lastRefusal(): string | undefined {
    return t.logs
      .map((line) => JSON.parse(line) as { msg: string; reason?: string })
      .filter((entry) => entry.msg === 'saml response refused')
      .pop()?.reason;
  }

  async function organisationWith(
    profile: VendorProfile,
    settings: { allow_idp_initiated?: boolean; second_certificate?: string; certificate?: string } = {},
  ): Promise<{ admin: SignedIn; idp: VendorIdp; slug: string }> {
    const admin = await t.factories.newOrganisation();
    const slug = admin.organisation.slug;
    const idp = vendorIdp(profile, slug);
    ok(
      await t.call(
        samlConfigCreateContract,
        { sso_url: idp.ssoUrl, entity_id: idp.issuer, certificate: idp.certificate, ...settings },
        { token: admin.bearer },
      ),
    );
    return { admin, idp, slug };
  }

  const person = (admin: SignedIn) => ({
    email: `ada-${uniqueSuffix()}@${admin.organisation.domain}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
  });

  /** Follows the code the ACS handed out to a session; the account it is for. */
  async function signIn(next: URL) {
    const code = next.searchParams.get('code');
    expect({ next: next.toString(), reason: code ? undefined : lastRefusal() }).toEqual({
      next: expect.stringContaining('code='),
      reason: undefined,
    });
    return ok(await t.call(samlLoginContract, { code })).body.account as { email: string; name: string };
  }

  it.each([
    ['Entra ID (assertion signed, claim URIs, opaque NameID)', ENTRA],
    ['Google Workspace (assertion signed, email NameID)', GOOGLE],
    ['Okta (response signed only, plain claim names)', OKTA],
    ['both signed', { ...OKTA, name: 'Both', signAssertion: true }],
  ])('logs in a new user through %s, reading the email and names', async (_, profile) => {
    const { admin, idp, slug } = await organisationWith(profile);
    const who = person(admin);
    const { id } = await startSso(t, slug);
    const account = await signIn(await postToAcs(t, slug, await idp.response(who, id)));
    expect(account).toMatchObject({ email: who.email, name: 'Ada Lovelace' });
  });

  it('refuses a response signed with SHA-1', async () => {
    const { admin, idp, slug } = await organisationWith({ ...OKTA, algorithm: RSA_SHA1 });
    const { id } = await startSso(t, slug);
    const next = await postToAcs(t, slug, await idp.response(person(admin), id));
    expect(next.toString()).toBe(REFUSED);
    expect(lastRefusal()).toMatch(/weak or unexpected algorithm: .*sha1/);
  });

  it('refuses an IdP-initiated response unless the organisation turned it on; then accepts it once', async () => {
    const { admin, idp, slug } = await organisationWith(OKTA);
    const who = person(admin);
    const off = await postToAcs(t, slug, await idp.response(who, null));
    expect(off.toString()).toBe(REFUSED);
    expect(lastRefusal()).toMatch(/InResponseTo is missing|unsolicited/);

    ok(
      await t.call(
        samlConfigUpdateContract,
        {
          sso_url: idp.ssoUrl,
          entity_id: idp.issuer,
          certificate: idp.certificate,
          allow_idp_initiated: true,
        },
        { token: admin.bearer },
      ),
    );
    const tile = await idp.response(who, null);
    expect(await signIn(await postToAcs(t, slug, tile))).toMatchObject({ email: who.email });
    const replayed = await postToAcs(t, slug, tile);
    expect(replayed.toString()).toBe(REFUSED);
    expect(lastRefusal()).toBe('assertion already used');
  });

  it('accepts an unsolicited assertion-only response when turned on, never a request id that is not ours', async () => {
    const { admin, idp, slug } = await organisationWith(ENTRA, { allow_idp_initiated: true });
    const who = person(admin);
    expect(await signIn(await postToAcs(t, slug, await idp.response(who, null)))).toMatchObject({
      email: who.email,
    });
    // A request id that is not ours is refused even with IdP-initiated login on.
    const next = await postToAcs(t, slug, await idp.response(person(admin), '_not-a-request-of-ours'));
    expect(next.toString()).toBe(REFUSED);
  });

  it('accepts the second certificate during a rollover', async () => {
    const old = generateKeyAndCertificate('old-idp-key');
    const admin = await t.factories.newOrganisation();
    const slug = admin.organisation.slug;
    const idp = vendorIdp(ENTRA, slug);
    ok(
      await t.call(
        samlConfigCreateContract,
        {
          sso_url: idp.ssoUrl,
          entity_id: idp.issuer,
          certificate: old.certificate,
          second_certificate: idp.certificate,
        },
        { token: admin.bearer },
      ),
    );
    const { id } = await startSso(t, slug);
    expect(await signIn(await postToAcs(t, slug, await idp.response(person(admin), id)))).toBeTruthy();
  });

  it('serves our service provider metadata at the entity id', async () => {
    const admin = await t.factories.newOrganisation();
    const sp = serviceProvider(admin.organisation.slug);
    const response = await request(t.server).get(new URL(sp.entityId).pathname).expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    expect(response.text).toContain(`entityID="${sp.entityId}"`);
    expect(response.text).toContain(`Location="${sp.acsUrl}"`);
    await request(t.server).get('/api/auth/v1/saml/no-such-organisation-here').expect(404);
  });

  describe('identity provider metadata import', () => {
    let server: Server;
    let served = '';

    beforeAll(async () => {
      server = createServer((_, res) => {
        res.setHeader('content-type', 'application/samlmetadata+xml');
        res.end(served);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    });

    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it('reads pasted XML and a URL into the settings', async () => {
      const admin = await t.factories.newOrganisation();
      const idp = vendorIdp(OKTA, admin.organisation.slug);
      const expected = {
        entity_id: idp.issuer,
        sso_url: idp.ssoUrl,
        certificate: idp.certificate,
        second_certificate: null,
      };
      const pasted = ok(
        await t.call(samlMetadataImportContract, { metadata_xml: idp.metadata() }, { token: admin.bearer }),
      ).body;
      expect(pasted).toEqual(expected);
      served = idp.metadata();
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metadata`;
      const fetched = ok(
        await t.call(samlMetadataImportContract, { metadata_url: url }, { token: admin.bearer }),
      ).body;
      expect(fetched).toEqual(expected);
    });

    it('refuses internal addresses, unreadable metadata, users and an empty form', async () => {
      const admin = await t.factories.newOrganisation();
      const user = await t.factories.newUser(admin);
      const internal = await t
        .call(
          samlMetadataImportContract,
          { metadata_url: 'http://10.1.2.3/metadata' },
          { token: admin.bearer },
        )
        .expect(400);
      expect(internal.body.fields.metadata_url).toEqual(['Requests to internal addresses are not allowed']);
      const junk = await t
        .call(samlMetadataImportContract, { metadata_xml: '<html>no</html>' }, { token: admin.bearer })
        .expect(400);
      expect(junk.body.fields.metadata_xml).toEqual(['This is not identity provider metadata we can read']);
      await t.call(samlMetadataImportContract, { metadata_xml: '<x/>' }, { token: user.bearer }).expect(403);
      const empty = await t.call(samlMetadataImportContract, {}, { token: admin.bearer }).expect(400);
      expect(empty.body.fields.metadata_url).toEqual(['Enter the metadata URL or paste the metadata XML']);
    });
  });
});
