import { samlConfigCreateContract, samlPaths } from '@meridian/contracts';
import {
  ok,
  readAuthnRequest,
  type SamlResponseOptions,
  type SignedIn,
  type TestIdp,
} from '@meridian/testing';
import request from 'supertest';
import { PUBLIC_BASE_URL, type AuthTestApp } from './auth-test-app';

export function serviceProvider(slug: string) {
  const paths = samlPaths(slug);
  return {
    entityId: `${PUBLIC_BASE_URL}${paths.entityId}`,
    acsUrl: `${PUBLIC_BASE_URL}${paths.acs}`,
    loginPath: paths.login,
    acsPath: paths.acs,
  };
}

export async function configureSso(
  t: AuthTestApp,
  admin: SignedIn,
  idp: TestIdp,
  ssoUrl = 'https://idp.example.com/sso',
) {
  return ok(
    await t.call(
      samlConfigCreateContract,
      { sso_url: ssoUrl, entity_id: idp.issuer, certificate: idp.certificate },
      { token: admin.bearer },
    ),
  ).body;
}

/** Starts SP-initiated login as a browser would; the AuthnRequest the service sent. */
export async function startSso(t: AuthTestApp, slug: string) {
  const response = await request(t.server).get(serviceProvider(slug).loginPath).expect(302);
  return {
    location: response.headers.location as string,
    ...readAuthnRequest(response.headers.location as string),
  };
}

/** A response that passes every check, for this organisation and request; `overrides` break one thing. */
export function responseFor(
  idp: TestIdp,
  slug: string,
  requestId: string | null,
  email: string,
  overrides: Partial<SamlResponseOptions> = {},
) {
  const sp = serviceProvider(slug);
  return idp.response({
    inResponseTo: requestId,
    email,
    audience: sp.entityId,
    destination: sp.acsUrl,
    recipient: sp.acsUrl,
    ...overrides,
  });
}

export function responseXmlFor(
  idp: TestIdp,
  slug: string,
  requestId: string,
  email: string,
  overrides: Partial<SamlResponseOptions> = {},
) {
  const sp = serviceProvider(slug);
  return idp.responseXml({
    inResponseTo: requestId,
    email,
    audience: sp.entityId,
    destination: sp.acsUrl,
    recipient: sp.acsUrl,
    ...overrides,
  });
}

/** Posts to the organisation's ACS as the identity provider's form does; where the browser is sent next. */
export async function postToAcs(t: AuthTestApp, slug: string, samlResponse: string): Promise<URL> {
  const response = await request(t.server)
    .post(serviceProvider(slug).acsPath)
    .type('form')
    .send({ SAMLResponse: samlResponse, RelayState: '' })
    .expect(303);
  return new URL(response.headers.location as string);
}
