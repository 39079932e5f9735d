import { RESET_LINK_EXPIRED, tokenVerifyContract } from '@meridian/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppShell } from '../../pages/app-shell.page';
import { LoginPage } from '../../pages/login.page';
import { ForgotPasswordPage, PasswordLinkPage } from '../../pages/password-pages';
import { callApi, newAccount, registerVerifiedAccount } from '../../support/api';
import { launchBrowser, newPage, snapshot } from '../../support/browser';
import { linkIn, openMailbox } from '../../support/mails';

describe('resetting a forgotten password', () => {
  const account = newAccount('reset');
  const newPassword = `${account.password}-new`;
  let browser: Browser;
  let earlier: { context: BrowserContext; page: Page };
  let current: { context: BrowserContext; page: Page };
  let earlierToken: string;
  let resetLink: string;

  beforeAll(async () => {
    await registerVerifiedAccount(account);
    browser = await launchBrowser();
    earlier = await newPage(browser);
    current = await newPage(browser);
  });

  afterAll(async () => {
    await earlier?.context.close();
    await current?.context.close();
    await browser?.close();
  });

  it('has a session open elsewhere before the reset', async () => {
    await new LoginPage(earlier.page).logIn(account.email, account.password);
    earlierToken = (await new AppShell(earlier.page).token())!;
    expect(earlierToken).toBeTruthy();
  });

  it('names an unknown account', async () => {
    const forgot = new ForgotPasswordPage(current.page);
    await forgot.open();
    await forgot.request(`nobody-${account.email}`);
    await current.page.getByText('We could not find an account with this email address').waitFor();
  });

  it('mails a reset link and says so', async () => {
    const mailbox = await openMailbox(account.email);
    const forgot = new ForgotPasswordPage(current.page);
    await forgot.open();
    await forgot.request(account.email);
    await forgot.expectSent();
    await snapshot(current.page, 'auth-password-reset-email-sent');
    resetLink = linkIn(await mailbox.next({ subject: /reset/i }), '/password/reset/');
  });

  it('sets a new password through the link', async () => {
    const link = new PasswordLinkPage(current.page);
    await link.open(resetLink);
    await link.setPassword(newPassword, `${newPassword}x`);
    await current.page.getByText('Passwords do not match').waitFor();
    await link.setPassword(newPassword);
    await new AppShell(current.page).expectToast('Password Reset Successful');
    await new LoginPage(current.page).waitUntilShown();
  });

  it('ends the session that was open before', async () => {
    const verify = await callApi(tokenVerifyContract, { role_names: [] }, earlierToken);
    expect(verify.status).toBe(401);
    // The open tab finds out on its next call: the warning, then the login page.
    await earlier.page.goto('/users');
    await earlier.page.getByText('Session expired! Please login again.').waitFor();
    await new LoginPage(earlier.page).waitUntilShown();
  });

  it('refuses the old password and logs in with the new one', async () => {
    const login = new LoginPage(current.page);
    await login.open();
    await login.enterEmail(account.email);
    await login.expectPasswordStep(account.email);
    await login.submitPassword(account.password);
    await login.alert.getByText('Username and password do not match. Please try again').waitFor();
    await login.submitPassword(newPassword);
    await current.page.waitForURL('**/campaigns');
  });

  it('shows Link Expired for the used reset link', async () => {
    const link = new PasswordLinkPage(current.page);
    await link.open(resetLink);
    await link.expectExpired(RESET_LINK_EXPIRED);
    await snapshot(current.page, 'auth-link-expired');
  });
});
