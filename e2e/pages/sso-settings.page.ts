import type { Page } from 'playwright-core';

export interface IdentityProviderSettings {
  ssoUrl: string;
  issuer: string;
  certificate: string;
}

/** /sso-configuration. */
export class SsoSettingsPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/sso-configuration');
    await this.page.getByLabel('IDP issuer').waitFor();
  }

  async slug(): Promise<string> {
    return this.page.getByTestId('organisation-slug').inputValue();
  }

  async acsUrl(): Promise<string> {
    return this.page.getByTestId('sp-acs-url').inputValue();
  }

  async save(settings: IdentityProviderSettings): Promise<void> {
    await this.page.getByLabel('Single sign-on URL').fill(settings.ssoUrl);
    await this.page.getByLabel('IDP issuer').fill(settings.issuer);
    await this.page.getByLabel('Certificate').fill(settings.certificate);
    await this.page.getByRole('button', { name: 'Save changes' }).click();
  }
}
