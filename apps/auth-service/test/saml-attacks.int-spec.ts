import { samlLoginContract } from '@meridian/contracts';
import {
  ASSERTION_XPATH,
  createTestIdp,
  generateKeyAndCertificate,
  ok,
  signXml,
  type SignedIn,
  type TestIdp,
  toSamlResponseParam,
  uniqueSuffix,
} from '@meridian/testing';
import { PUBLIC_BASE_URL, startAuthTestApp, type AuthTestApp } from './support/auth-test-app';
import {
  configureSso,
  postToAcs,
  responseFor,
  responseXmlFor,
  serviceProvider,
  startSso,
} from './support/sso';

const REFUSED = `${PUBLIC_BASE_URL}/sso-redirect?error=SamlLoginFailedException`;
const MINUTE = 60_000;
/** No signature of the identity provider's covers what would be read. */
const BAD_SIGNATURE = /^(Invalid signature|Too many signatures)/;

const assertionOf = (xml: string) => /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)![0];

describe('SAML single sign-on refuses forged, misdirected and replayed responses', () => {
  let t: AuthTestApp;
  let idp: TestIdp;
  let otherIdp: TestIdp;
  let admin: SignedIn;
  let other: SignedIn;
  let slug: string;

  beforeAll(async () => {
    t = await startAuthTestApp();
    idp = createTestIdp();
    otherIdp = createTestIdp();
    admin = await t.factories.newOrganisation();
    other = await t.factories.newOrganisation();
    await configureSso(t, admin, idp);
    await configureSso(t, other, otherIdp);
    slug = admin.organisation.slug;
  });

  afterAll(async () => {
    await t?.close();
  });

  const newcomer = () => `new-${uniqueSuffix()}@${admin.organisation.domain}`;

  async function count(table: string): Promise<number> {
    return (await t.sql.query(`SELECT count(*)::int AS n FROM auth.${table}`)).rows[0].n;
  }

  /** Why the last refused response was refused, as logged. */
  function lastRefusal(): string | undefined {
    return t.logs
      .map((line) => JSON.parse(line) as { msg: string; reason?: string })
      .filter((entry) => entry.msg === 'saml response refused')
      .pop()?.reason;
  }

  /** Posts the response built for a fresh request, and checks nothing was let in, for the reason expected. */
  async function expectRefused(
    build: (requestId: string, email: string) => string,
    reason: RegExp,
    options: { acsSlug?: string; requestSlug?: string } = {},
  ): Promise<void> {
    const { id } = await startSso(t, options.requestSlug ?? slug);
    const email = newcomer();
    const [codes, accounts] = [await count('saml_login_codes'), await count('accounts')];
    const next = await postToAcs(t, options.acsSlug ?? slug, build(id, email));
    expect(next.toString()).toBe(REFUSED);
    expect(lastRefusal()).toMatch(reason);
    expect(await count('saml_login_codes')).toBe(codes);
    expect(await count('accounts')).toBe(accounts);
  }

  it('accepts the well-formed response the refusals below are variations of', async () => {
    const { id } = await startSso(t, slug);
    const next = await postToAcs(t, slug, responseFor(idp, slug, id, newcomer()));
    expect(next.searchParams.get('code')).toBeTruthy();
    ok(await t.call(samlLoginContract, { code: next.searchParams.get('code') }));
  });

  it('refuses an unsigned response', () =>
    expectRefused(
      (id, email) => responseFor(idp, slug, id, email, { signAssertion: false, signResponse: false }),
      BAD_SIGNATURE,
    ));

  // Okta may sign the response only; Entra ID and Google Workspace sign the assertion only.
  it('accepts a response signed only as a whole, reading the assertion it covers', async () => {
    const { id } = await startSso(t, slug);
    const next = await postToAcs(t, slug, responseFor(idp, slug, id, newcomer(), { signAssertion: false }));
    ok(await t.call(samlLoginContract, { code: next.searchParams.get('code') }));
  });

  it('accepts a response whose only signature is on the assertion', async () => {
    const { id } = await startSso(t, slug);
    const next = await postToAcs(t, slug, responseFor(idp, slug, id, newcomer(), { signResponse: false }));
    ok(await t.call(samlLoginContract, { code: next.searchParams.get('code') }));
  });

  it('refuses a signed unsolicited assertion put into an unsigned response answering our request', () =>
    expectRefused((id, email) => {
      const unsolicited = responseXmlFor(idp, slug, id, email, { inResponseTo: null, signResponse: false });
      return toSamlResponseParam(
        unsolicited.replace('<samlp:Response ', `<samlp:Response InResponseTo="${id}" `),
      );
    }, /the request answered is not signed/));

  it('refuses a response signed with SHA-1, even by the right key', () =>
    expectRefused(
      (id, email) =>
        toSamlResponseParam(
          responseXmlFor(idp, slug, id, email).replace(
            /Algorithm="http:\/\/www\.w3\.org\/2001\/04\/xmldsig-more#rsa-sha256"/g,
            'Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"',
          ),
        ),
      /weak or unexpected algorithm/,
    ));

  it('refuses a response re-signed by an attacker under the real issuer name', () => {
    const attacker = createTestIdp(idp.issuer, generateKeyAndCertificate('attacker'));
    return expectRefused((id, email) => responseFor(attacker, slug, id, email), BAD_SIGNATURE);
  });

  it('refuses a signed response altered after signing', () =>
    expectRefused(
      (id, email) =>
        toSamlResponseParam(
          responseXmlFor(idp, slug, id, `victim-${email}`).replace(`victim-${email}`, email),
        ),
      BAD_SIGNATURE,
    ));

  describe('signature wrapping', () => {
    it('refuses an unsigned assertion placed beside the signed one', () =>
      expectRefused((id, email) => {
        const signed = responseXmlFor(idp, slug, id, `someone-${email}`);
        const evil = assertionOf(
          responseXmlFor(idp, slug, id, email, { signAssertion: false, signResponse: false }),
        );
        return toSamlResponseParam(signed.replace('<saml:Assertion', `${evil}<saml:Assertion`));
      }, BAD_SIGNATURE));

    it('refuses the signed assertion hidden in Extensions with an evil one in its place', () =>
      expectRefused((id, email) => {
        const signed = responseXmlFor(idp, slug, id, `someone-${email}`);
        const genuine = assertionOf(signed);
        const evil = assertionOf(
          responseXmlFor(idp, slug, id, email, { signAssertion: false, signResponse: false }),
        );
        const wrapped = signed.replace(genuine, `<samlp:Extensions>${genuine}</samlp:Extensions>${evil}`);
        return toSamlResponseParam(wrapped);
      }, BAD_SIGNATURE));

    it('refuses a signed response wrapped inside an evil one', () =>
      expectRefused((id, email) => {
        const genuine = responseXmlFor(idp, slug, id, `someone-${email}`);
        const evil = responseXmlFor(idp, slug, id, email, { signAssertion: false, signResponse: false });
        const body = evil.replace(/^<samlp:Response[^>]*>/, '').replace(/<\/samlp:Response>$/, '');
        const open = /^<samlp:Response[^>]*>/.exec(evil)![0].replace(/ID="[^"]+"/, 'ID="_evil"');
        return toSamlResponseParam(
          `${open}<samlp:Extensions>${genuine}</samlp:Extensions>${body}</samlp:Response>`,
        );
      }, BAD_SIGNATURE));

    it('refuses an evil assertion carrying the signed one’s id and signature', () =>
      expectRefused((id, email) => {
        const signedXml = signXml(
          responseXmlFor(idp, slug, id, `someone-${email}`, { signResponse: false }),
          ASSERTION_XPATH,
          idp.keys,
        );
        const genuine = assertionOf(signedXml);
        const signature = /<ds:Signature[\s\S]*<\/ds:Signature>|<Signature[\s\S]*<\/Signature>/.exec(
          genuine,
        )![0];
        const genuineId = /ID="([^"]+)"/.exec(genuine)![1]!;
        const evil = assertionOf(
          responseXmlFor(idp, slug, id, email, { signAssertion: false, signResponse: false }),
        )
          .replace(/ID="[^"]+"/, `ID="${genuineId}"`)
          .replace('</saml:Issuer>', `</saml:Issuer>${signature}`);
        return toSamlResponseParam(signedXml.replace(genuine, evil));
      }, BAD_SIGNATURE));
  });

  it('refuses a response for another audience', () =>
    expectRefused(
      (id, email) => responseFor(idp, slug, id, email, { audience: 'https://another-sp.example.com' }),
      /audience mismatch/,
    ));

  it('refuses a response for another recipient', () =>
    expectRefused(
      (id, email) =>
        responseFor(idp, slug, id, email, { recipient: serviceProvider(other.organisation.slug).acsUrl }),
      /no subject confirmation for our recipient/,
    ));

  it('refuses a response sent to another destination', () =>
    expectRefused(
      (id, email) => responseFor(idp, slug, id, email, { destination: 'https://another-sp.example.com/acs' }),
      /wrong destination/,
    ));

  it('refuses a response from another issuer, even signed with the right key', () =>
    expectRefused(
      (id, email) => responseFor(idp, slug, id, email, { issuer: 'https://impostor.example.com' }),
      /wrong issuer/,
    ));

  it('refuses an expired response', () =>
    expectRefused((id, email) => {
      const past = Date.now() - 30 * MINUTE;
      return responseFor(idp, slug, id, email, {
        issueInstant: new Date(past),
        notBefore: new Date(past - MINUTE),
        notOnOrAfter: new Date(Date.now() - 10 * MINUTE),
      });
    }, /No valid subject confirmation/));

  it('refuses a response that is not valid yet', () =>
    expectRefused(
      (id, email) => responseFor(idp, slug, id, email, { notBefore: new Date(Date.now() + 10 * MINUTE) }),
      /not yet valid/i,
    ));

  it('refuses an unsolicited response, and one answering a request never made', async () => {
    await expectRefused((_id, email) => responseFor(idp, slug, null, email), /InResponseTo is missing/);
    await expectRefused(
      (_id, email) => responseFor(idp, slug, `_never-requested-${uniqueSuffix()}`, email),
      /InResponseTo is not valid/,
    );
  });

  it('refuses a replayed response', async () => {
    const { id } = await startSso(t, slug);
    const response = responseFor(idp, slug, id, newcomer());
    expect((await postToAcs(t, slug, response)).searchParams.get('code')).toBeTruthy();
    expect((await postToAcs(t, slug, response)).toString()).toBe(REFUSED);
    expect(lastRefusal()).toMatch(/InResponseTo is not valid|already used/);
  });

  it('refuses an assertion used before, even answering a new request', async () => {
    const assertionId = `_assertion-${uniqueSuffix()}`;
    const email = newcomer();
    const first = await startSso(t, slug);
    expect(
      (await postToAcs(t, slug, responseFor(idp, slug, first.id, email, { assertionId }))).searchParams.get(
        'code',
      ),
    ).toBeTruthy();
    await expectRefused((id) => responseFor(idp, slug, id, email, { assertionId }), /assertion already used/);
  });

  describe('each identity provider speaks for its own organisation only', () => {
    it("refuses another organisation's identity provider at this organisation's address", () =>
      expectRefused(
        (id, email) => responseFor(otherIdp, slug, id, email, { issuer: idp.issuer }),
        BAD_SIGNATURE,
      ));

    it("refuses a response answering another organisation's request", () =>
      expectRefused((id, email) => responseFor(idp, slug, id, email), /InResponseTo is not valid/, {
        requestSlug: other.organisation.slug,
      }));

    it('refuses a valid response of one organisation posted to another’s address', () =>
      expectRefused((id, email) => responseFor(idp, slug, id, email), BAD_SIGNATURE, {
        acsSlug: other.organisation.slug,
        requestSlug: other.organisation.slug,
      }));

    it("refuses logging in to another organisation's account", async () => {
      const { id } = await startSso(t, other.organisation.slug);
      const otherSlug = other.organisation.slug;
      const next = await postToAcs(t, otherSlug, responseFor(otherIdp, otherSlug, id, admin.email));
      expect(next.toString()).toBe(REFUSED);
      expect(lastRefusal()).toBe('account of another organisation');
    });

    it("refuses a password user of the organisation, and an email outside the organisation's domain", async () => {
      const user = await t.factories.newUser(admin);
      await expectRefused((id) => responseFor(idp, slug, id, user.email), /password user/);
      await expectRefused(
        (id) => responseFor(idp, slug, id, `outsider-${uniqueSuffix()}@elsewhere.com`),
        /outside the organisation's domain/,
      );
    });
  });
});
