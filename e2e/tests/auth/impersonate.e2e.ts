import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppShell } from '../../pages/app-shell.page';
import { ImpersonatePage } from '../../pages/impersonate.page';
import { LoginPage } from '../../pages/login.page';
import { UsersPage } from '../../pages/users.page';
import { DEMO_ADMIN, DEMO_STAFF } from '../../support/api';
import { launchBrowser, newPage, snapshot } from '../../support/browser';

describe('staff impersonate a user of an organisation', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('offers the Impersonate page to staff, with its validation', async () => {
    await new LoginPage(page).logIn(DEMO_STAFF.email, DEMO_STAFF.password);
    const impersonate = new ImpersonatePage(page);
    await impersonate.openFromNavigation();
    await impersonate.submit();
    await page.getByText('Organization is required').waitFor();
    await page.getByText('Person is required').waitFor();
  });

  it('impersonates the demo admin and lands on the connection page', async () => {
    const impersonate = new ImpersonatePage(page);
    await impersonate.choose(DEMO_ADMIN.organisation, DEMO_ADMIN.email);
    await impersonate.submit();
    await new AppShell(page).expectToast('Impersonation successful');
    await page.waitForURL('**/connection');
  });

  it('shows the demo organisation, and who is impersonating', async () => {
    const shell = new AppShell(page);
    await shell.impersonationBanner.getByText(DEMO_ADMIN.organisation).waitFor();
    await shell.impersonationBanner.getByText(DEMO_STAFF.email).waitFor();
    await shell.impersonationBanner.getByText(DEMO_ADMIN.email).waitFor();
    await shell.expectSignedInTo(DEMO_ADMIN.organisation);
    await snapshot(page, 'auth-impersonating');
  });

  it("sees the organisation's data as its admin", async () => {
    const users = new UsersPage(page);
    await users.open();
    await users.row(DEMO_ADMIN.email).waitFor();
    await users.inviteButton.waitFor();
    expect(await page.getByRole('link', { name: 'Impersonate' }).count()).toBe(0);
  });

  it('ends the impersonation from the banner', async () => {
    await new AppShell(page).impersonationBanner.getByRole('button', { name: 'End impersonation' }).click();
    await new LoginPage(page).waitUntilShown();
  });
});
