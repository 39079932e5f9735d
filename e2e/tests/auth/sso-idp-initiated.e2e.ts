import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppShell } from '../../pages/app-shell.page';
import { SsoSettingsPage } from '../../pages/sso-settings.page';
import { LoginPage } from '../../pages/login.page';
import { newAccount, registerVerifiedAccount } from '../../support/api';
import { launchBrowser, newPage, snapshot } from '../../support/browser';
import { startTestIdp, type TestIdp } from '../../support/test-idp';

describe('single sign-on set up from IdP metadata, with IdP-initiated login', () => {
  const owner = newAccount('tile');
  const federated = { email: `tia@${owner.domain}`, name: 'Tia Tile' };
  let idp: TestIdp;
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let visitor: { context: BrowserContext; page: Page } | undefined;
  let sp: { acsUrl: string; entityId: string };

  beforeAll(async () => {
    idp = await startTestIdp();
    idp.user = federated;
    await registerVerifiedAccount(owner);
    browser = await launchBrowser();
    admin = await newPage(browser);
  });

  afterEach(async () => {
    await visitor?.context.close();
    visitor = undefined;
  });

  afterAll(async () => {
    await admin?.context.close();
    await browser?.close();
    await idp?.close();
  });

  it('imports the identity provider metadata into the form and saves it, IdP-initiated login off', async () => {
    await new LoginPage(admin.page).logIn(owner.email, owner.password);
    const settings = new SsoSettingsPage(admin.page);
    await settings.open();
    sp = { acsUrl: await settings.acsUrl(), entityId: await settings.entityId() };
    await settings.importMetadata(idp.metadata());
    // The form fills in once the server has read the metadata.
    await admin.page.waitForFunction(
      (issuer) => Array.from(document.querySelectorAll('input')).some((input) => input.value === issuer),
      idp.issuer,
    );
    expect(await admin.page.getByLabel('IDP issuer').inputValue()).toBe(idp.issuer);
    expect(await admin.page.getByLabel('Single sign-on URL').inputValue()).toBe(idp.ssoUrl);
    expect(await settings.idpInitiatedSwitch().isChecked()).toBe(false);
    await settings.saveChanges();
    await new AppShell(admin.page).expectToast('SSO configuration created successfully');
  });

  it('refuses a login from an identity provider tile while IdP-initiated login is off', async () => {
    visitor = await newPage(browser);
    await visitor.page.goto(idp.tileUrl(sp));
    const login = new LoginPage(visitor.page);
    await login.waitUntilShown();
    await login.alert.getByText('Single sign-on failed. Please try again').waitFor();
    expect(await new AppShell(visitor.page).token()).toBeNull();
  });

  it('logs a person in from the tile once an admin turns IdP-initiated login on', async () => {
    const settings = new SsoSettingsPage(admin.page);
    await settings.open();
    await settings.idpInitiatedSwitch().check();
    await snapshot(admin.page, 'auth-sso-idp-initiated');
    await settings.saveChanges();
    await new AppShell(admin.page).expectToast('SSO configuration updated successfully');

    visitor = await newPage(browser);
    await visitor.page.goto(idp.tileUrl(sp));
    await visitor.page.waitForURL('**/campaigns');
    const shell = new AppShell(visitor.page);
    expect(await shell.token()).toBeTruthy();
    await shell.expectSignedInTo(owner.organisation);
  });
});
