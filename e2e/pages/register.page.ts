import type { Page } from 'playwright-core';

export interface Registration {
  name: string;
  email: string;
  password: string;
  organisation: string;
  domain: string;
}

export class RegisterPage {
  constructor(private readonly page: Page) {}

  get submitButton() {
    return this.page.getByRole('button', { name: 'Create account' });
  }

  async open(): Promise<void> {
    await this.page.goto('/register');
    await this.submitButton.waitFor();
  }

  async fill(form: Registration): Promise<void> {
    await this.page.getByLabel('Full name').fill(form.name);
    await this.page.getByLabel('Work email').fill(form.email);
    await this.page.getByLabel('Password', { exact: true }).fill(form.password);
    await this.page.getByLabel('Organization').fill(form.organisation);
    await this.page.getByLabel('Domain').fill(form.domain);
  }

  async submit(): Promise<void> {
    await this.submitButton.click();
  }

  async expectSuccess(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Registration Successful' }).waitFor();
  }
}
