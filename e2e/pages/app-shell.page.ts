import type { Page } from 'playwright-core';

/** The frame of the signed-in screens: top navigation, current user, impersonation banner, toasts. */
export class AppShell {
  constructor(private readonly page: Page) {}

  get impersonationBanner() {
    return this.page.getByTestId('impersonation-banner');
  }

  async logout(): Promise<void> {
    await this.page.getByRole('button', { name: 'Logout' }).click();
    await this.page.waitForURL('**/login/start');
  }

  /** The organisation under the user's name in the header. */
  async expectSignedInTo(organisation: string): Promise<void> {
    await this.page.getByRole('banner').getByText(organisation, { exact: true }).first().waitFor();
  }

  async expectToast(message: string): Promise<void> {
    await this.page.locator('.mantine-Notification-root').getByText(message, { exact: true }).waitFor();
  }

  /** Closes a toast (hovering one keeps it open, and it may cover the buttons under it). */
  async closeToast(message: string): Promise<void> {
    const toast = this.page.locator('.mantine-Notification-root').filter({ hasText: message });
    await toast.getByRole('button').click();
    await toast.waitFor({ state: 'hidden' });
  }

  /**
   * Closes every toast saying `message`, those waiting behind the two shown too (they show as
   * others close): a toast expected next is then the one the next action shows.
   */
  async dismissToasts(message: string): Promise<void> {
    const toasts = this.page.locator('.mantine-Notification-root').filter({ hasText: message });
    while ((await toasts.count()) > 0) {
      const first = toasts.first();
      const id = await first.getAttribute('id');
      await first.getByRole('button').click();
      if (id) await this.page.locator(`[id="${id}"]`).waitFor({ state: 'detached' });
    }
  }

  /** The stored session token (local storage `authToken`). */
  async token(): Promise<string | null> {
    // A string, evaluated in the page: the e2e code is compiled without the DOM types.
    return this.page.evaluate<string | null>("window.localStorage.getItem('authToken')");
  }
}
