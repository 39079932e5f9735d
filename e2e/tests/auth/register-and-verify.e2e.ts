import { ACTIVATION_LINK_EXPIRED, tokenVerifyContract } from '@meridian/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppShell } from '../../pages/app-shell.page';
import { LoginPage } from '../../pages/login.page';
import { PasswordLinkPage } from '../../pages/password-pages';
import { RegisterPage } from '../../pages/register.page';
import { UsersPage } from '../../pages/users.page';
import { callApi, newAccount } from '../../support/api';
import { launchBrowser, newPage, snapshot } from '../../support/browser';
import { linkIn, openMailbox, type Mailbox } from '../../support/mails';

describe('registering an organisation, from the form to logging out', () => {
  const account = newAccount('register');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let mailbox: Mailbox;
  let verifyLink: string;
  let sessionToken: string | null;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    mailbox = await openMailbox(account.email);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('registers and says so', async () => {
    const register = new RegisterPage(page);
    await register.open();
    expect(await register.submitButton.isDisabled()).toBe(true);
    await register.fill(account);
    await register.submit();
    await register.expectSuccess();
    await page.getByText(account.email).waitFor();
    await snapshot(page, 'auth-registration-successful');
  });

  it('refuses to log in before the email is verified, and mails a fresh link', async () => {
    // The registration mail first: it is sent after the answer, and a fresh link makes its link stale.
    await mailbox.next({ subject: /verify/i });
    const login = new LoginPage(page);
    await login.open();
    await login.enterEmail(account.email);
    await login.expectPasswordStep(account.email);
    await login.submitPassword(account.password);
    await login.alert.getByText(/verify your email address/i).waitFor();
    expect(page.url()).toContain('/login/password');

    // The one the refused login sent: the newest link is the one that works.
    verifyLink = linkIn(await mailbox.next({ subject: /verify/i }), '/verify-email/');
  });

  it('verifies the email through the mailed link, then offers the login', async () => {
    await page.goto(verifyLink);
    await new AppShell(page).expectToast('Email verified Successfully!');
    await new LoginPage(page).waitUntilShown();
  });

  it('logs in with the registered password and opens a protected page', async () => {
    await new LoginPage(page).logIn(account.email, account.password);
    const users = new UsersPage(page);
    await users.open();
    await page.getByRole('heading', { name: 'Users (1)' }).waitFor();
    await users.row(account.email).getByText('Admin').waitFor();
    await page.getByText('1 user(s)').waitFor();
    await new AppShell(page).expectSignedInTo(account.organisation);
    sessionToken = await new AppShell(page).token();
    expect(sessionToken).toBeTruthy();
    await snapshot(page, 'auth-users-after-registration');
  });

  it('logs out from the top navigation, which ends the session on the server', async () => {
    await new AppShell(page).logout();
    expect(await new AppShell(page).token()).toBeNull();
    const verify = await callApi(tokenVerifyContract, { role_names: [] }, sessionToken!);
    expect(verify.status).toBe(401);
  });

  it('sends the protected page to login once logged out', async () => {
    await page.goto('/users');
    await new LoginPage(page).waitUntilShown();
  });

  it('shows Link Expired for a verification link used before', async () => {
    await new PasswordLinkPage(page).open(verifyLink);
    await new PasswordLinkPage(page).expectExpired(ACTIVATION_LINK_EXPIRED);
  });
});
