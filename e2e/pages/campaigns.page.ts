import type { Locator, Page } from 'playwright-core';

/** /campaigns: the campaigns list and its dialogs. */
export class CampaignsPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/campaigns');
    await this.page.getByRole('heading', { name: 'Campaigns' }).waitFor({ timeout: 60_000 });
  }

  /** Creates a campaign through 'New Campaign'; the name is submitted with Enter. */
  async create(
    name: string,
    context?: 'Send Email to a Marketing Contact/Lead' | 'Send Email to Product Users',
  ) {
    await this.page.getByRole('button', { name: 'New Campaign' }).first().click();
    const dialog = this.page.getByRole('dialog', { name: 'New Campaign' });
    if (context) await dialog.getByRole('radio', { name: context }).check();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Name').press('Enter');
    await dialog.waitFor({ state: 'hidden' });
  }

  async search(text: string): Promise<void> {
    await this.page.getByLabel('Search campaigns').fill(text);
  }

  row(name: string): Locator {
    return this.page.getByRole('row').filter({ hasText: name });
  }

  async openMenu(name: string, item: 'Clone' | 'Rename' | 'Remove'): Promise<void> {
    await this.page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }

  async rename(name: string, next: string): Promise<void> {
    await this.openMenu(name, 'Rename');
    const dialog = this.page.getByRole('dialog', { name: 'Rename Campaign' });
    await dialog.getByLabel('Name').fill(next);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Clones under the default name ('{name}-clone') and answers that name as the dialog showed it. */
  async clone(name: string): Promise<string> {
    await this.openMenu(name, 'Clone');
    const dialog = this.page.getByRole('dialog', { name: 'Clone Campaign' });
    const proposed = await dialog.getByLabel('Name').inputValue();
    await dialog.getByRole('button', { name: 'Clone' }).click();
    await dialog.waitFor({ state: 'hidden' });
    return proposed;
  }

  async remove(name: string): Promise<void> {
    await this.openMenu(name, 'Remove');
    const dialog = this.page.getByRole('dialog', { name: 'Remove campaign' });
    await dialog
      .getByText('Are you sure about deleting this campaign? Once deleted cannot be undone')
      .waitFor();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}
