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

  /**
   * Sets one end of the custom 'Sent in' range with its picker: the calendar opens on this
   * month, so it steps by months to the day's, picks the day (time 12:00 AM) and confirms.
   */
  async pickRangeDate(label: 'From' | 'To', day: Date): Promise<void> {
    const picker = this.page.getByRole('button', { name: label, exact: true });
    await picker.click();
    const calendar = this.page.locator(`[id="${await picker.getAttribute('aria-controls')}"]`);
    const today = new Date();
    const months = (day.getFullYear() - today.getFullYear()) * 12 + day.getMonth() - today.getMonth();
    for (let i = 0; i < Math.abs(months); i += 1)
      await calendar.getByRole('button', { name: months < 0 ? 'Previous month' : 'Next month' }).click();
    const name = `${day.getDate()} ${day.toLocaleString('en-US', { month: 'long' })} ${day.getFullYear()}`;
    await calendar.getByRole('button', { name, exact: true }).click();
    await calendar.getByRole('button', { name: `Set ${label.toLowerCase()} date` }).click();
  }

  async openRecipients(tab: string): Promise<Locator> {
    await this.page.getByRole('tab', { name: 'Recipients' }).click();
    await this.page.getByRole('tab', { name: tab, exact: true }).click();
    return this.page.getByRole('tabpanel', { name: tab, exact: true });
  }
}
