import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';

/**
 * A SAML identity provider for browser tests: a loopback HTTP server with its own key and
 * self-signed certificate. The service provider redirects the browser to `ssoUrl` with an
 * AuthnRequest (HTTP-Redirect binding); the IdP answers with a page that posts a signed
 * SAMLResponse to the request's AssertionConsumerServiceURL (HTTP-POST binding), as a real one
 * does after its own login.
 */
export interface TestIdp {
  /** Where the service provider sends the browser: the 'Single sign-on URL'. */
  ssoUrl: string;
  /** The 'IDP issuer'. */
  issuer: string;
  /** The signing certificate (PEM) the service provider must trust. */
  certificate: string;
  /** Who the IdP says logged in, for the next requests. */
  user: { email: string; name: string };
  /** Sign with a key of the same name that the service provider was never given (a forgery). */
  signWithForeignKey: boolean;
  /** The AuthnRequests received, oldest first. */
  readonly requests: AuthnRequest[];
  close(): Promise<void>;
}

export interface AuthnRequest {
  id: string;
  issuer: string;
  acsUrl: string;
}

interface KeyPair {
  privateKey: string;
  certificate: string;
}

/** A fresh RSA key and a self-signed certificate for it, valid for two days. */
export function generateKeyPair(commonName: string): KeyPair {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-test-idp-'));
  try {
    const keyFile = join(dir, 'key.pem');
    const certFile = join(dir, 'cert.pem');
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
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'ignore' },
    );
    return { privateKey: readFileSync(keyFile, 'utf8'), certificate: readFileSync(certFile, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

const newId = () => `_${randomBytes(16).toString('hex')}`;

const RESPONSE_XPATH = "/*[local-name(.)='Response']";
const ASSERTION_XPATH = `${RESPONSE_XPATH}/*[local-name(.)='Assertion']`;

/** An enveloped RSA-SHA256 signature over the element at `xpath`, right after its Issuer. */
function sign(xml: string, xpath: string, keys: KeyPair): string {
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

/** Reads the deflated, base64 AuthnRequest of the HTTP-Redirect binding. */
export function readAuthnRequest(samlRequest: string): AuthnRequest {
  const xml = inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8');
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
  return {
    id: attribute('ID'),
    acsUrl: attribute('AssertionConsumerServiceURL'),
    issuer: /<(?:\w+:)?Issuer[^>]*>([^<]*)</.exec(xml)?.[1] ?? '',
  };
}

/** A response to `request` that a careful service provider accepts: both the assertion and the response signed. */
function signedResponse(request: AuthnRequest, issuer: string, user: TestIdp['user'], keys: KeyPair): string {
  const now = new Date();
  const notBefore = new Date(now.getTime() - 60_000).toISOString();
  const notOnOrAfter = new Date(now.getTime() + 5 * 60_000).toISOString();
  const acs = escapeXml(request.acsUrl);
  const inResponseTo = escapeXml(request.id);
  const who = escapeXml(issuer);
  const xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ` +
    `ID="${newId()}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${acs}" InResponseTo="${inResponseTo}">` +
    `<saml:Issuer>${who}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${newId()}" Version="2.0" IssueInstant="${now.toISOString()}">` +
    `<saml:Issuer>${who}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(user.email)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData InResponseTo="${inResponseTo}" NotOnOrAfter="${notOnOrAfter}" Recipient="${acs}"/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}">` +
    `<saml:AudienceRestriction><saml:Audience>${escapeXml(request.issuer)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${newId()}"><saml:AuthnContext>` +
    `<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>` +
    `</saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement><saml:Attribute Name="displayName"><saml:AttributeValue>${escapeXml(user.name)}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>` +
    `</saml:Assertion></samlp:Response>`;
  return sign(sign(xml, ASSERTION_XPATH, keys), RESPONSE_XPATH, keys);
}

/** The page an IdP shows after its login: a form that posts itself to the service provider. */
function autoPostPage(acsUrl: string, samlResponse: string, relayState: string | null): string {
  const relay =
    relayState === null ? '' : `<input type="hidden" name="RelayState" value="${escapeXml(relayState)}"/>`;
  return (
    `<!doctype html><html><head><title>Test IdP</title></head>` +
    `<body onload="document.forms[0].submit()"><p>Signing you in…</p>` +
    `<form method="post" action="${escapeXml(acsUrl)}">` +
    `<input type="hidden" name="SAMLResponse" value="${escapeXml(samlResponse)}"/>${relay}` +
    `<noscript><button type="submit">Continue</button></noscript></form></body></html>`
  );
}

export async function startTestIdp(): Promise<TestIdp> {
  const keys = generateKeyPair('meridian-test-idp');
  const foreignKeys = generateKeyPair('meridian-test-idp');
  const requests: AuthnRequest[] = [];

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const samlRequest = url.searchParams.get('SAMLRequest');
    if (req.method !== 'GET' || url.pathname !== '/sso' || !samlRequest) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    try {
      const request = readAuthnRequest(samlRequest);
      requests.push(request);
      const xml = signedResponse(request, idp.issuer, idp.user, idp.signWithForeignKey ? foreignKeys : keys);
      const page = autoPostPage(
        request.acsUrl,
        Buffer.from(xml, 'utf8').toString('base64'),
        url.searchParams.get('RelayState'),
      );
      res
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
        .end(page);
    } catch (error) {
      res
        .writeHead(400, { 'Content-Type': 'text/plain' })
        .end(`bad AuthnRequest: ${(error as Error).message}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const idp: TestIdp = {
    ssoUrl: `http://127.0.0.1:${port}/sso`,
    issuer: `http://127.0.0.1:${port}/metadata`,
    certificate: keys.certificate,
    user: { email: 'nobody@example.com', name: 'Nobody' },
    signWithForeignKey: false,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return idp;
}
