import { campaignsListContract, logoutContract } from '@meridian/contracts';
import { TOKEN_VERIFIER, type TokenVerifier } from '@meridian/server-kit';
import { call, describeSessionCache, eventually, LONG_SESSION_CACHE, ok } from '@meridian/testing';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

describeSessionCache('campaign', async () => {
  const t = await startCampaignTestApp(LONG_SESSION_CACHE);
  return {
    platform: t.platform,
    verify: (token) => t.app.get<TokenVerifier>(TOKEN_VERIFIER).verify(token),
    sql: t.sql,
    close: () => t.close(),
  };
});

describe('campaign: session cache through the auth guard', () => {
  let t: CampaignTestApp;
  const page = { page_number: 1, page_size: 10 };

  beforeAll(async () => {
    t = await startCampaignTestApp(LONG_SESSION_CACHE);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 to a logged-out bearer token as soon as the logout is announced', async () => {
    const ada = await t.platform.newOrganisation();
    await t.call(campaignsListContract, page, ada).expect(200);
    ok(await call(t.platform.authServiceUrl, logoutContract, {}, { token: ada.bearer }));
    await eventually(async () => (await t.call(campaignsListContract, page, ada)).status === 401, {
      what: 'the logged-out token to be refused',
      timeoutMs: 30_000,
    });
    const refused = await t.call(campaignsListContract, page, ada).expect(401);
    expect(refused.body).toMatchObject({ status_code: 401 });
  });
});
