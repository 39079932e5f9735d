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
    await this.page.getByLabel('Certificate', { exact: true }).fill(settings.certificate);
    await this.page.getByRole('button', { name: 'Save changes' }).click();
  }

  async entityId(): Promise<string> {
    return this.page.getByTestId('sp-entity-id').inputValue();
  }

  /** Pastes the identity provider's metadata and imports it into the form (not saved yet). */
  async importMetadata(xml: string): Promise<void> {
    await this.page.getByLabel('Metadata XML').fill(xml);
    await this.page.getByRole('button', { name: 'Import metadata' }).click();
  }

  idpInitiatedSwitch() {
    return this.page.getByRole('switch', { name: /Allow IdP-initiated login/ });
  }

  async saveChanges(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save changes' }).click();
  }
}
