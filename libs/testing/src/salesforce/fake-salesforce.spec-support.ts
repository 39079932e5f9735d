import { Connection, OAuth2 } from 'jsforce';
import type { FakeSalesforce } from './fake-salesforce';

export const REDIRECT_URI = 'https://app.example.test/salesforce/oauth.complete';
export const API_VERSION = '62.0';

export function oauthClient(fake: FakeSalesforce): OAuth2 {
  return new OAuth2({
    loginUrl: fake.baseUrl,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    redirectUri: REDIRECT_URI,
  });
}

/** Follows the authorize redirect the way a browser would and returns where it lands. */
export async function followAuthorize(url: string): Promise<URL> {
  const response = await fetch(url, { redirect: 'manual' });
  if (response.status !== 302)
    throw new Error(`authorize answered ${response.status}: ${await response.text()}`);
  return new URL(response.headers.get('location')!);
}

/** The OAuth 2.0 web-server flow end to end with jsforce: authorize, code, token. */
export async function connectWithJsforce(fake: FakeSalesforce): Promise<Connection> {
  const oauth2 = oauthClient(fake);
  const landing = await fake.approve(oauth2.getAuthorizationUrl({ state: 'state-1' }));
  const conn = new Connection({ oauth2, version: API_VERSION });
  await conn.authorize(landing.searchParams.get('code')!);
  return conn;
}
