import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestIdp, readAuthnRequest } from '@meridian/testing';

/**
 * A SAML identity provider for browser tests: a loopback HTTP server around the
 * signing test IdP of libs/testing. The service provider redirects the browser to
 * `ssoUrl` with an AuthnRequest (HTTP-Redirect binding); the IdP answers with a
 * page that posts a signed SAMLResponse to the request's AssertionConsumerServiceURL
 * (HTTP-POST binding), as a real one does after its own login.
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
  /** Sign with a key of the same issuer that the service provider was never given (a forgery). */
  signWithForeignKey: boolean;
  /** The AuthnRequests received, oldest first. */
  readonly requests: AuthnRequest[];
  /** Its SAML metadata, as an admin copies it from the identity provider. */
  metadata(): string;
  /**
   * An app tile: opening it posts an unsolicited response (IdP-initiated login, as Okta's tiles
   * do) for the current user to the service provider named.
   */
  tileUrl(sp: { acsUrl: string; entityId: string }): string;
  close(): Promise<void>;
}

export type AuthnRequest = ReturnType<typeof readAuthnRequest>;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The page an IdP shows after its login: a form that posts itself to the service provider. */
function autoPostPage(acsUrl: string, samlResponse: string, relayState: string | null): string {
  const relay =
    relayState === null ? '' : `<input type="hidden" name="RelayState" value="${escapeHtml(relayState)}"/>`;
  return (
    `<!doctype html><html><head><title>Test IdP</title></head>` +
    `<body onload="document.forms[0].submit()"><p>Signing you in…</p>` +
    `<form method="post" action="${escapeHtml(acsUrl)}">` +
    `<input type="hidden" name="SAMLResponse" value="${escapeHtml(samlResponse)}"/>${relay}` +
    `<noscript><button type="submit">Continue</button></noscript></form></body></html>`
  );
}

export async function startTestIdp(): Promise<TestIdp> {
  const requests: AuthnRequest[] = [];
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}/metadata`;
  const signer = createTestIdp(issuer);
  const forger = createTestIdp(issuer);

  const idp: TestIdp = {
    ssoUrl: `http://127.0.0.1:${port}/sso`,
    issuer,
    certificate: signer.certificate,
    user: { email: 'nobody@example.com', name: 'Nobody' },
    signWithForeignKey: false,
    requests,
    metadata: () =>
      `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${escapeHtml(issuer)}">` +
      `<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
      `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>` +
      signer.certificate.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '') +
      `</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
      `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="http://127.0.0.1:${port}/sso"/>` +
      `</md:IDPSSODescriptor></md:EntityDescriptor>`,
    tileUrl: ({ acsUrl, entityId }) =>
      `http://127.0.0.1:${port}/tile?${new URLSearchParams({ acs: acsUrl, audience: entityId })}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (req.method === 'GET' && url.pathname === '/tile') {
      const acsUrl = url.searchParams.get('acs') ?? '';
      const samlResponse = signer.response({
        inResponseTo: null,
        email: idp.user.email,
        audience: url.searchParams.get('audience') ?? '',
        destination: acsUrl,
        recipient: acsUrl,
        attributes: { displayName: idp.user.name },
      });
      res
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
        .end(autoPostPage(acsUrl, samlResponse, null));
      return;
    }
    if (req.method !== 'GET' || url.pathname !== '/sso' || !url.searchParams.get('SAMLRequest')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    try {
      const request = readAuthnRequest(url.toString());
      requests.push(request);
      // Both the assertion and the response signed, answering this request, as a careful SP requires.
      const samlResponse = (idp.signWithForeignKey ? forger : signer).response({
        inResponseTo: request.id,
        email: idp.user.email,
        audience: request.issuer,
        destination: request.acsUrl,
        recipient: request.acsUrl,
        attributes: { displayName: idp.user.name },
      });
      res
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
        .end(autoPostPage(request.acsUrl, samlResponse, url.searchParams.get('RelayState')));
    } catch (error) {
      res
        .writeHead(400, { 'Content-Type': 'text/plain' })
        .end(`bad AuthnRequest: ${(error as Error).message}`);
    }
  });
  return idp;
}
