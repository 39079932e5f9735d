import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppShell } from '../../pages/app-shell.page';
import { LoginPage } from '../../pages/login.page';
import { SsoSettingsPage } from '../../pages/sso-settings.page';
import { UsersPage } from '../../pages/users.page';
import { newAccount, registerVerifiedAccount } from '../../support/api';
import { launchBrowser, newPage, snapshot } from '../../support/browser';
import { startTestIdp, type TestIdp } from '../../support/test-idp';

describe('single sign-on with a SAML identity provider', () => {
  const owner = newAccount('sso');
  const federated = { email: `pat@${owner.domain}`, name: 'Pat Federated' };
  let idp: TestIdp;
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let visitor: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    idp = await startTestIdp();
    await registerVerifiedAccount(owner);
    browser = await launchBrowser();
    admin = await newPage(browser);
  });

  afterEach(async () => {
    await visitor?.context.close();
  });

  afterAll(async () => {
    await admin?.context.close();
    await browser?.close();
    await idp?.close();
  });

  it("configures the organisation's identity provider on the Single sign-on page", async () => {
    await new LoginPage(admin.page).logIn(owner.email, owner.password);
    const settings = new SsoSettingsPage(admin.page);
    await settings.open();
    expect(await settings.slug()).toMatch(/^sso-/);
    expect(await settings.acsUrl()).toMatch(new RegExp(`/saml/${await settings.slug()}/acs$`));
    await settings.save({ ssoUrl: idp.ssoUrl, issuer: idp.issuer, certificate: idp.certificate });
    await new AppShell(admin.page).expectToast('SSO configuration created successfully');
    await admin.page.getByText('Enabled', { exact: true }).waitFor();
    await snapshot(admin.page, 'auth-sso-configured');
  });

  it('logs a new person of the domain in through the identity provider', async () => {
    idp.user = federated;
    idp.signWithForeignKey = false;
    visitor = await newPage(browser, { allowOrigins: [idp.ssoUrl] });
    const login = new LoginPage(visitor.page);
    await login.open();
    await login.enterEmail(federated.email);
    await login.expectSsoStep();
    await snapshot(visitor.page, 'auth-login-sso');
    await login.continueWithSso();
    await visitor.page.waitForURL('**/campaigns');
    expect(idp.requests.length).toBeGreaterThan(0);

    const shell = new AppShell(visitor.page);
    expect(await shell.token()).toBeTruthy();
    await shell.expectSignedInTo(owner.organisation);
    const users = new UsersPage(visitor.page);
    await users.open();
    await users.row(federated.email).getByText(federated.name).waitFor();
  });

  it('refuses a response signed with a key the organisation never gave', async () => {
    idp.user = federated;
    idp.signWithForeignKey = true;
    visitor = await newPage(browser, { allowOrigins: [idp.ssoUrl] });
    const login = new LoginPage(visitor.page);
    await login.open();
    await login.enterEmail(federated.email);
    await login.expectSsoStep();
    await login.continueWithSso();
    await login.waitUntilShown();
    await login.alert.getByText('Single sign-on failed. Please try again').waitFor();
    expect(await new AppShell(visitor.page).token()).toBeNull();
  });
});
