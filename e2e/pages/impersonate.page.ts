import type { Page } from 'playwright-core';

/** /internal/impersonate. */
export class ImpersonatePage {
  constructor(private readonly page: Page) {}

  get organisationSelect() {
    return this.page.getByRole('combobox', { name: 'Organization' });
  }

  get personSelect() {
    return this.page.getByRole('combobox', { name: 'Person' });
  }

  /** Through the top navigation, as staff reach it. */
  async openFromNavigation(): Promise<void> {
    await this.page.getByRole('link', { name: 'Impersonate' }).click();
    await this.page.waitForURL('**/internal/impersonate');
    await this.organisationSelect.waitFor();
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Impersonate' }).click();
  }

  async choose(organisation: string, personEmail: string): Promise<void> {
    await this.organisationSelect.click();
    await this.page.getByRole('option', { name: new RegExp(`^${escapeRegExp(organisation)} \\(`) }).click();
    await this.personSelect.click();
    await this.page.getByRole('option', { name: personEmail, exact: true }).click();
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
