import { Connection } from 'jsforce';
import { FakeSalesforce } from './fake-salesforce';
import { API_VERSION, connectWithJsforce, oauthClient, REDIRECT_URI } from './fake-salesforce.spec-support';

describe('fake Salesforce: OAuth 2.0 web-server flow through jsforce', () => {
  let fake: FakeSalesforce;

  beforeEach(async () => {
    fake = await FakeSalesforce.start({ accessTokenLifetimeMs: 60 * 60 * 1000 });
  });
  afterEach(() => fake.stop());

  it('redirects back with a code and state, and trades the code for tokens once', async () => {
    const oauth2 = oauthClient(fake);
    const landing = await fake.approve(oauth2.getAuthorizationUrl({ state: 'abc' }));
    expect(`${landing.origin}${landing.pathname}`).toBe(REDIRECT_URI);
    expect(landing.searchParams.get('state')).toBe('abc');
    const code = landing.searchParams.get('code')!;

    const conn = new Connection({ oauth2, version: API_VERSION });
    const user = await conn.authorize(code);
    expect(user.organizationId).toMatch(/^00D/);
    expect(user.id).toMatch(/^005/);
    expect(conn.instanceUrl).toBe(fake.baseUrl);
    expect(conn.refreshToken).toBeTruthy();

    await expect(new Connection({ oauth2, version: API_VERSION }).authorize(code)).rejects.toMatchObject({
      name: 'invalid_grant',
    });
  });

  it('rejects a wrong client secret and reports a denied consent on the redirect', async () => {
    const wrong = oauthClient(fake);
    wrong.clientSecret = 'not-the-secret';
    const landing = await fake.approve(wrong.getAuthorizationUrl({}));
    await expect(wrong.requestToken(landing.searchParams.get('code')!)).rejects.toMatchObject({
      name: 'invalid_client',
    });

    fake.denyNextAuthorization();
    const denied = await fake.approve(oauthClient(fake).getAuthorizationUrl({ state: 's' }));
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('code')).toBeNull();
  });

  it('answers 401 INVALID_SESSION_ID after expiry, and jsforce refreshes and retries', async () => {
    const conn = await connectWithJsforce(fake);
    const firstToken = conn.accessToken;
    const refreshed: string[] = [];
    conn.on('refresh', (token: string) => refreshed.push(token));

    fake.expireSessions();
    const bare = await fetch(`${fake.baseUrl}/services/data/v${API_VERSION}/limits`, {
      headers: { authorization: `Bearer ${firstToken}` },
    });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual([
      { message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID', fields: [] },
    ]);

    const limits = await conn.limits();
    expect(limits.DailyApiRequests.Max).toBe(100_000);
    expect(refreshed).toHaveLength(1);
    expect(conn.accessToken).not.toBe(firstToken);
  });

  it('expires tokens by their configured lifetime', async () => {
    await fake.stop();
    fake = await FakeSalesforce.start({ accessTokenLifetimeMs: 0 });
    const conn = await connectWithJsforce(fake);
    let refreshes = 0;
    conn.on('refresh', () => (refreshes += 1));
    fake.oauth.setAccessTokenLifetime(60 * 60 * 1000);
    // The token from authorize was born expired, so this call is refused once and retried after a refresh.
    const result = await conn.query<{ Id: string }>('SELECT Id FROM Lead');
    expect(result.totalSize).toBe(0);
    expect(refreshes).toBe(1);
  });

  it('revoking the refresh token ends the session for good', async () => {
    const conn = await connectWithJsforce(fake);
    await conn.oauth2.revokeToken(conn.refreshToken!);
    await expect(conn.query('SELECT Id FROM Lead')).rejects.toThrow('expired access/refresh token');
  });

  it('counts OAuth calls apart from API calls, which alone draw on the daily budget', async () => {
    const conn = await connectWithJsforce(fake);
    await conn.identity();
    expect(fake.calls.oauth).toBe(3);
    expect(fake.apiRequestsUsed).toBe(0);
    await conn.limits();
    expect(fake.calls.limits).toBe(1);
    expect(fake.apiRequestsUsed).toBe(1);
  });
});
