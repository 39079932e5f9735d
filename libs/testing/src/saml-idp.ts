import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';

export interface KeyAndCertificate {
  privateKey: string;
  certificate: string;
}

/**
 * A fresh RSA key and self-signed certificate, made with openssl for this test run only; with
 * `dnsName` the certificate also names that host, so a TLS server can present it.
 */
export function generateKeyAndCertificate(commonName = 'test-idp', dnsName?: string): KeyAndCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-idp-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
        '-days',
        '2',
        '-subj',
        `/CN=${commonName}`,
        ...(dnsName ? ['-addext', `subjectAltName=DNS:${dnsName}`] : []),
        '-keyout',
        key,
        '-out',
        cert,
      ],
      {
        stdio: 'ignore',
      },
    );
    return { privateKey: readFileSync(key, 'utf8'), certificate: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface SamlResponseOptions {
  /** The AuthnRequest answered (Response and SubjectConfirmationData InResponseTo); omitted when null. */
  inResponseTo: string | null;
  email: string;
  audience: string;
  /** Response Destination. */
  destination: string;
  /** SubjectConfirmationData Recipient. */
  recipient: string;
  issuer?: string;
  assertionId?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  issueInstant?: Date;
  attributes?: Record<string, string>;
  signAssertion?: boolean;
  signResponse?: boolean;
}

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

const newId = () => `_${randomBytes(16).toString('hex')}`;

/** Enveloped RSA-SHA256 signature over the element at `xpath`, placed right after its Issuer. */
export function signXml(xml: string, xpath: string, keys: KeyAndCertificate): string {
  const signer = new SignedXml({
    privateKey: keys.privateKey,
    publicCert: keys.certificate,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath,
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(xml, {
    location: { reference: `${xpath}/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return signer.getSignedXml();
}

export const ASSERTION_XPATH = "/*[local-name(.)='Response']/*[local-name(.)='Assertion']";
export const RESPONSE_XPATH = "/*[local-name(.)='Response']";

/**
 * A test identity provider: its own key and certificate, and SAML responses
 * built and signed the way a real one does (assertion, then response).
 */
export function createTestIdp(
  issuer = `https://idp-${randomBytes(4).toString('hex')}.test/saml`,
  keys = generateKeyAndCertificate(),
) {
  function responseXml(options: SamlResponseOptions): string {
    const now = options.issueInstant ?? new Date();
    const notBefore = options.notBefore ?? new Date(now.getTime() - 60_000);
    const notOnOrAfter = options.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
    const who = escapeXml(options.issuer ?? issuer);
    const inResponseTo =
      options.inResponseTo === null ? '' : ` InResponseTo="${escapeXml(options.inResponseTo)}"`;
    const attributes = Object.entries(options.attributes ?? {})
      .map(
        ([name, value]) =>
          `<saml:Attribute Name="${escapeXml(name)}"><saml:AttributeValue>${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`,
      )
      .join('');
    const xml =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ` +
      `ID="${newId()}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${escapeXml(options.destination)}"${inResponseTo}>` +
      `<saml:Issuer>${who}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${escapeXml(options.assertionId ?? newId())}" Version="2.0" IssueInstant="${now.toISOString()}">` +
      `<saml:Issuer>${who}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(options.email)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
      `<saml:SubjectConfirmationData${inResponseTo} NotOnOrAfter="${notOnOrAfter.toISOString()}" Recipient="${escapeXml(options.recipient)}"/>` +
      `</saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${notBefore.toISOString()}" NotOnOrAfter="${notOnOrAfter.toISOString()}">` +
      `<saml:AudienceRestriction><saml:Audience>${escapeXml(options.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${newId()}"><saml:AuthnContext>` +
      `<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>` +
      `</saml:AuthnContext></saml:AuthnStatement>` +
      (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
      `</saml:Assertion></samlp:Response>`;
    const assertionSigned = options.signAssertion === false ? xml : signXml(xml, ASSERTION_XPATH, keys);
    return options.signResponse === false ? assertionSigned : signXml(assertionSigned, RESPONSE_XPATH, keys);
  }

  return {
    issuer,
    certificate: keys.certificate,
    keys,
    /** The response XML (for tampering tests). */
    responseXml,
    /** The response as the HTTP-POST binding carries it: base64. */
    response: (options: SamlResponseOptions) => toSamlResponseParam(responseXml(options)),
  };
}

export type TestIdp = ReturnType<typeof createTestIdp>;

export function toSamlResponseParam(xml: string): string {
  return Buffer.from(xml, 'utf8').toString('base64');
}

/** Reads the AuthnRequest a service provider redirected to (HTTP-Redirect binding). */
export function readAuthnRequest(location: string): {
  id: string;
  destination: string;
  acsUrl: string;
  issuer: string;
} {
  const url = new URL(location);
  const encoded = url.searchParams.get('SAMLRequest');
  if (!encoded) throw new Error(`no SAMLRequest in ${location}`);
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
  return {
    id: attribute('ID'),
    destination: attribute('Destination'),
    acsUrl: attribute('AssertionConsumerServiceURL'),
    issuer: /<(?:\w+:)?Issuer[^>]*>([^<]*)</.exec(xml)?.[1] ?? '',
  };
}
