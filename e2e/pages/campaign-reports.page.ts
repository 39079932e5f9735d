import type { Locator, Page } from 'playwright-core';

/** The Reports tab of a campaign's editor page. */
export class CampaignReportsPage {
  constructor(private readonly page: Page) {}

  async goto(campaignId: string): Promise<void> {
    await this.page.goto(`/campaign/edit/${campaignId}?tab=reports`);
    await this.page.getByRole('tab', { name: 'Reports', selected: true }).waitFor({ timeout: 60_000 });
  }

  region(name: 'Delivery Stats' | 'Email Clients' | 'Top Links' | 'Past Campaign Runs'): Locator {
    return this.page.getByRole('region', { name });
  }

  /** A count of 'Delivery Stats' by its label, e.g. 'Delivered'. */
  stat(label: string): Locator {
    return this.region('Delivery Stats').getByText(label, { exact: true }).locator('xpath=..');
  }

  async chooseSentIn(label: string): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Sent in' }).click();
    await this.page.getByRole('option', { name: label }).click();
  }

  async openRecipients(tab: string): Promise<Locator> {
    await this.page.getByRole('tab', { name: 'Recipients' }).click();
    await this.page.getByRole('tab', { name: tab, exact: true }).click();
    return this.page.getByRole('tabpanel', { name: tab, exact: true });
  }
}
