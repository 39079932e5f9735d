import type { Page } from 'playwright-core';

/** The login steps: email, then password or single sign-on. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  get emailInput() {
    return this.page.getByRole('textbox', { name: 'Email' });
  }

  get passwordInput() {
    return this.page.getByLabel('Password', { exact: true });
  }

  /** The form-level message (e.g. a refused login), as the screen shows it. */
  get alert() {
    return this.page.getByTestId('form-alert');
  }

  async open(): Promise<void> {
    await this.page.goto('/login/start');
    await this.emailInput.waitFor();
  }

  async waitUntilShown(): Promise<void> {
    await this.page.waitForURL('**/login/start**');
    await this.emailInput.waitFor();
  }

  async enterEmail(email: string): Promise<void> {
    await this.emailInput.fill(email);
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }

  /** The password step greets the person: 'Hello, {email} !'. */
  async expectPasswordStep(email: string): Promise<void> {
    await this.page.waitForURL('**/login/password**');
    await this.page.getByRole('heading', { name: `Hello, ${email} !` }).waitFor();
  }

  async submitPassword(password: string): Promise<void> {
    await this.passwordInput.fill(password);
    await this.page.getByRole('button', { name: 'Log in' }).click();
  }

  /** The whole password login, ending on the campaign list. */
  async logIn(email: string, password: string): Promise<void> {
    await this.open();
    await this.enterEmail(email);
    await this.expectPasswordStep(email);
    await this.submitPassword(password);
    await this.page.waitForURL('**/campaigns');
  }

  async expectSsoStep(): Promise<void> {
    await this.page.waitForURL('**/login/sso**');
    await this.page.getByText('Your organization has OKTA SSO enabled').waitFor();
  }

  async continueWithSso(): Promise<void> {
    await this.page.getByRole('button', { name: 'Continue with OKTA' }).click();
  }
}
