import type { Locator, Page } from 'playwright-core';

/** The campaign page's Flow tab: the graph, the 'Add flow step' modal and a step's side panel. */
export class FlowBuilderPage {
  constructor(private readonly page: Page) {}

  async goto(campaignId: string): Promise<void> {
    await this.page.goto(`/campaign/edit/${campaignId}?tab=flow`);
    await this.page
      .getByText(/contacts selected in Dynamic list|Let's build the workflow/)
      .first()
      .waitFor({ timeout: 60_000 });
  }

  get modal(): Locator {
    return this.page.getByRole('dialog', { name: 'Add flow step' });
  }

  get drawer(): Locator {
    return this.page.locator('.mantine-Drawer-content');
  }

  step(label: string): Locator {
    return this.page.getByRole('button', { name: `Open step ${label}` });
  }

  /** Picks a step in the open modal, after narrowing it with 'Search actions'. */
  async pick(search: string, label: string): Promise<void> {
    await this.modal.getByPlaceholder('Search actions').fill(search);
    await this.modal.getByRole('button', { name: label }).click();
    await this.modal.waitFor({ state: 'hidden' });
  }

  async closeDrawer(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.drawer.waitFor({ state: 'hidden' });
  }
}
