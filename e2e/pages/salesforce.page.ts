import type { Locator, Page } from 'playwright-core';

/** /salesforce/:id: the header sync switch, the setup wizard and the Sync settings tab. */
export class SalesforcePage {
  constructor(private readonly page: Page) {}

  async open(id?: string): Promise<void> {
    await this.page.goto(id ? `/salesforce/${id}` : '/salesforce');
    await this.waitFor();
  }

  async waitFor(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Sync settings' }).waitFor({ timeout: 60_000 });
  }

  get createModal(): Locator {
    return this.page.getByRole('dialog', { name: 'Connect Salesforce' });
  }

  wizard(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  get pausedBanner(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'Sync paused' });
  }

  /** Whichever the header offers: the sync state may change under the test (a run may pause on an error). */
  get syncSwitch(): Locator {
    return this.page.getByRole('button', { name: /^(Pause sync|Resume sync|Start Sync)$/ }).first();
  }

  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  async openSettings(section: 'General Settings' | 'Salesforce to Meridian' | 'Meridian to Salesforce') {
    await this.page.getByRole('tab', { name: 'Sync settings' }).click();
    await this.page
      .getByRole('navigation', { name: 'Sync settings' })
      .getByRole('button', { name: section })
      .click();
    await this.page.getByRole('heading', { name: section }).waitFor();
  }

  /** A Mantine select: opens it and picks the option. */
  async choose(label: string, option: string): Promise<void> {
    await this.page.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }
}
