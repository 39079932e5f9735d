import { createUsersContract } from '@meridian/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppShell } from '../../pages/app-shell.page';
import { LoginPage } from '../../pages/login.page';
import { PasswordLinkPage } from '../../pages/password-pages';
import { UsersPage } from '../../pages/users.page';
import { callApi, DEMO_ADMIN, uniqueSuffix } from '../../support/api';
import { launchBrowser, newPage, snapshot } from '../../support/browser';
import { linkIn, openMailbox, type Mailbox } from '../../support/mails';

describe('an admin invites a user, who cannot invite', () => {
  const suffix = uniqueSuffix();
  const invitee = {
    name: `Ivy Invitee ${suffix}`,
    email: `ivy-${suffix}@demo.meridian.dev`,
    password: `ivy-${suffix}`,
  };
  const withdrawn = { name: `Wes Withdrawn ${suffix}`, email: `wes-${suffix}@demo.meridian.dev` };
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let user: { context: BrowserContext; page: Page };
  let inviteeMailbox: Mailbox;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newPage(browser);
    user = await newPage(browser);
    inviteeMailbox = await openMailbox(invitee.email);
  });

  afterAll(async () => {
    await admin?.context.close();
    await user?.context.close();
    await browser?.close();
  });

  it('invites two people from the Users page', async () => {
    await new LoginPage(admin.page).logIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const users = new UsersPage(admin.page);
    await users.open();
    await users.invite([
      { name: invitee.name, email: invitee.email, role: 'User' },
      { name: withdrawn.name, email: withdrawn.email, role: 'Admin' },
    ]);
    await users.row(invitee.email).getByText('Invite pending').waitFor();
    await users.row(invitee.email).getByText('User', { exact: true }).waitFor();
    await users.row(withdrawn.email).getByText('Admin', { exact: true }).waitFor();
    await snapshot(admin.page, 'auth-users-invited');
  });

  it('refuses an email that already has an account, naming it', async () => {
    const users = new UsersPage(admin.page);
    await users.inviteButton.click();
    const dialog = admin.page.getByRole('dialog', { name: 'Invite users' });
    await dialog.getByLabel('Name 1').fill('Someone Again');
    await dialog.getByLabel('Email 1').fill(invitee.email);
    await dialog.getByRole('button', { name: /^Send/ }).click();
    await new AppShell(admin.page).expectToast(`Invitation to ${invitee.email} failed`);
    await dialog.getByText('An account with this email already exists').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('deletes an invite after confirmation', async () => {
    const users = new UsersPage(admin.page);
    await users.deleteInvite(withdrawn.email);
    await new AppShell(admin.page).expectToast('Invite deleted successfully');
  });

  it('lets the invitee create a password through the mailed link and log in', async () => {
    const mail = await inviteeMailbox.next({ subject: /invited/i });
    const link = new PasswordLinkPage(user.page);
    await link.open(linkIn(mail, '/password/create/'));
    await user.page.getByRole('heading', { name: 'Create password' }).waitFor();
    await link.setPassword(invitee.password);
    await new AppShell(user.page).expectToast('Password Created Successfully');
    await new LoginPage(user.page).logIn(invitee.email, invitee.password);
  });

  it('shows the user the Users page without inviting or managing', async () => {
    const users = new UsersPage(user.page);
    await users.open();
    await users.row(invitee.email).getByText('Active').waitFor();
    expect(await users.inviteButton.count()).toBe(0);
    expect(await users.actionButton('Edit user', DEMO_ADMIN.email).isDisabled()).toBe(true);
    await snapshot(user.page, 'auth-users-as-user');
  });

  it('has the server refuse create.users from the user', async () => {
    const token = await new AppShell(user.page).token();
    const answer = await callApi(
      createUsersContract,
      { users: [{ name: 'Sneaky', email: `sneaky-${suffix}@demo.meridian.dev` }] },
      token!,
    );
    expect(answer.status).toBe(403);
  });

  it('shows the admin that the invite was accepted', async () => {
    const users = new UsersPage(admin.page);
    await users.open();
    await users.row(invitee.email).getByText('Active').waitFor();
    expect(await users.row(withdrawn.email).count()).toBe(0);
  });
});
