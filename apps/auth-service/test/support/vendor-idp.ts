import { randomBytes } from 'node:crypto';
import { generateKeyAndCertificate, type KeyAndCertificate } from '@meridian/testing';
import * as samlify from 'samlify';
import { serviceProvider } from './sso';

/**
 * Identity providers as customers run them, built with samlify (an implementation not written
 * here): its response template, its signing, with each vendor's defaults for what is signed,
 * how the NameID looks and which claim names carry the email and names.
 */
export interface VendorProfile {
  name: string;
  signAssertion: boolean;
  signResponse: boolean;
  nameIdFormat: string;
  /** The NameID for a person (an opaque id where the vendor sends one). */
  nameId: (person: Person) => string;
  claims: (person: Person) => Record<string, string>;
  algorithm?: string;
}

export interface Person {
  email: string;
  firstName: string;
  lastName: string;
}

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const WS = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims';
export const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';

/** Entra ID: signs the assertion only; a persistent NameID; claims under the WS-Fed URIs. */
export const ENTRA: VendorProfile = {
  name: 'Entra ID',
  signAssertion: true,
  signResponse: false,
  nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
  nameId: () => randomBytes(16).toString('base64'),
  claims: (p) => ({
    [`${WS}/emailaddress`]: p.email,
    [`${WS}/givenname`]: p.firstName,
    [`${WS}/surname`]: p.lastName,
    [`${WS}/name`]: p.email,
  }),
};

/** Google Workspace: signs the assertion only; the primary email as NameID; admin-mapped names. */
export const GOOGLE: VendorProfile = {
  name: 'Google Workspace',
  signAssertion: true,
  signResponse: false,
  nameIdFormat: EMAIL_FORMAT,
  nameId: (p) => p.email,
  claims: (p) => ({ firstName: p.firstName, lastName: p.lastName }),
};

/** Okta: may sign the response only; the email as an unspecified NameID and in `email`. */
export const OKTA: VendorProfile = {
  name: 'Okta',
  signAssertion: false,
  signResponse: true,
  nameIdFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
  nameId: (p) => p.email,
  claims: (p) => ({ email: p.email, firstName: p.firstName, lastName: p.lastName }),
};

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

export function vendorIdp(
  profile: VendorProfile,
  slug: string,
  keys: KeyAndCertificate = generateKeyAndCertificate(),
) {
  const sp = serviceProvider(slug);
  const issuer = `https://${profile.name.toLowerCase().replace(/\W+/g, '-')}-${randomBytes(3).toString('hex')}.test/saml`;
  const ssoUrl = `${issuer}/sso`;
  const idp = samlify.IdentityProvider({
    entityID: issuer,
    privateKey: keys.privateKey,
    signingCert: keys.certificate,
    requestSignatureAlgorithm: profile.algorithm ?? 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    nameIDFormat: [profile.nameIdFormat],
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: ssoUrl }],
  });
  const us = samlify.ServiceProvider({
    entityID: sp.entityId,
    assertionConsumerService: [{ Binding: samlify.Constants.namespace.binding.post, Location: sp.acsUrl }],
    wantAssertionsSigned: profile.signAssertion,
    wantMessageSigned: profile.signResponse,
  });

  /** The base64 SAMLResponse for the person, answering `requestId`, or unsolicited when null. */
  async function response(person: Person, requestId: string | null): Promise<string> {
    const attributes = Object.entries(profile.claims(person))
      .map(
        ([name, value]) =>
          `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:uri">` +
          `<saml:AttributeValue xsi:type="xs:string">${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`,
      )
      .join('');
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000).toISOString();
    const authn =
      `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_${randomBytes(8).toString('hex')}">` +
      `<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`;
    const id = `_${randomBytes(16).toString('hex')}`;
    const { context } = await idp.createLoginResponse(
      us,
      { extract: { request: { id: requestId ?? '' } } },
      'post',
      {},
      (template: string) => {
        // Unsolicited (IdP-initiated) responses carry no InResponseTo at all, as Okta sends them.
        // samlify escapes tag values: the statements (built escaped above) go in as markup first.
        const statements = attributes
          ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>`
          : '';
        const filled = template
          .replace('{AuthnStatement}', authn)
          .replace('{AttributeStatement}', statements);
        const base = requestId === null ? filled.replace(/ InResponseTo="\{InResponseTo\}"/g, '') : filled;
        return {
          id,
          context: samlify.SamlLib.replaceTagsByValue(base, {
            ID: id,
            AssertionID: `_${randomBytes(16).toString('hex')}`,
            Destination: sp.acsUrl,
            Audience: sp.entityId,
            SubjectRecipient: sp.acsUrl,
            Issuer: issuer,
            IssueInstant: now.toISOString(),
            StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
            ConditionsNotBefore: now.toISOString(),
            ConditionsNotOnOrAfter: later,
            SubjectConfirmationDataNotOnOrAfter: later,
            NameIDFormat: profile.nameIdFormat,
            NameID: profile.nameId(person),
            InResponseTo: requestId ?? '',
          }),
        };
      },
    );
    return context;
  }

  return {
    issuer,
    ssoUrl,
    certificate: keys.certificate,
    response,
    /** The identity provider's own metadata XML, as an admin downloads it. */
    metadata: () => idp.getMetadata(),
  };
}

export type VendorIdp = ReturnType<typeof vendorIdp>;
