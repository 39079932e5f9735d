import type { Page } from 'playwright-core';

export interface Invitee {
  name: string;
  email: string;
  role?: 'Admin' | 'User';
}

/** /users: the table, the invite dialog and the row actions. */
export class UsersPage {
  constructor(private readonly page: Page) {}

  get inviteButton() {
    return this.page.getByRole('button', { name: 'Invite users' });
  }

  row(email: string) {
    return this.page.locator(`[data-testid="user-row"][data-email="${email}"]`);
  }

  async open(): Promise<void> {
    await this.page.goto('/users');
    await this.page.getByTestId('users-table').waitFor();
  }

  async invite(invitees: Invitee[]): Promise<void> {
    await this.inviteButton.click();
    const dialog = this.page.getByRole('dialog', { name: 'Invite users' });
    await dialog.waitFor();
    for (const [index, invitee] of invitees.entries()) {
      if (index > 0) await dialog.getByRole('button', { name: 'Add another' }).click();
      await dialog.getByLabel(`Name ${index + 1}`).fill(invitee.name);
      await dialog.getByLabel(`Email ${index + 1}`).fill(invitee.email);
      if (invitee.role && invitee.role !== 'User') {
        await dialog.getByRole('combobox', { name: `Role ${index + 1}` }).click();
        await this.page.getByRole('option', { name: invitee.role, exact: true }).click();
      }
    }
    await dialog.getByRole('button', { name: /^Send/ }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  async deleteInvite(email: string): Promise<void> {
    await this.page.getByRole('button', { name: `Delete invite: ${email}` }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Delete invite' });
    await dialog
      .getByText('Are you sure about deleting this invite? Once deleted cannot be undone')
      .waitFor();
    await dialog.getByRole('button', { name: 'Delete invite' }).click();
    await this.row(email).waitFor({ state: 'detached' });
  }

  actionButton(action: 'Resend invite' | 'Edit user' | 'Delete invite', email: string) {
    return this.page.getByRole('button', { name: `${action}: ${email}` });
  }
}
