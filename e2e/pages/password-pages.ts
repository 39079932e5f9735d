import type { Page } from 'playwright-core';

/** /forgot-password/email and its 'Password Reset Email Sent' screen. */
export class ForgotPasswordPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/forgot-password/email');
    await this.page.getByRole('button', { name: 'Send reset link' }).waitFor();
  }

  async request(email: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Email' }).fill(email);
    await this.page.getByRole('button', { name: 'Send reset link' }).click();
  }

  async expectSent(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Password Reset Email Sent' }).waitFor();
  }
}

/** /password/create/{token} and /password/reset/{token}. */
export class PasswordLinkPage {
  constructor(private readonly page: Page) {}

  async open(path: string): Promise<void> {
    await this.page.goto(path);
  }

  async setPassword(password: string, confirmation = password): Promise<void> {
    await this.page.getByLabel('New password', { exact: true }).fill(password);
    await this.page.getByLabel('Confirm password', { exact: true }).fill(confirmation);
    await this.page.getByRole('button', { name: /^(Create|Reset) password$/ }).click();
  }

  /** 'Link Expired', the sentence of the link's kind, and 'Go to Login page'. */
  async expectExpired(sentence: string): Promise<void> {
    await this.page.getByRole('heading', { name: 'Link Expired' }).waitFor();
    await this.page.getByText(sentence).waitFor();
    await this.page.getByRole('link', { name: 'Go to Login page' }).waitFor();
  }
}
