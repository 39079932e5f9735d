import type { Locator, Page } from 'playwright-core';

/** /segment: the write key, the events and errors charts, the errors list and the opt-out form. */
export class SegmentPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/segment');
    await this.waitFor();
  }

  async waitFor(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Segment integration' }).waitFor({ timeout: 60_000 });
    await this.eventsSummary.waitFor({ timeout: 30_000 });
  }

  get refreshKeys(): Locator {
    return this.page.getByRole('button', { name: 'Refresh API Keys' });
  }

  get keyDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Your Segment API key' });
  }

  get confirmDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Refresh API Keys' });
  }

  /** Issues a key through the confirm (every issue asks) and returns it as the modal shows it, once. */
  async issueKey(): Promise<string> {
    await this.refreshKeys.click();
    await this.confirmDialog.getByRole('button', { name: 'Refresh' }).click();
    await this.keyDialog.waitFor();
    return this.keyDialog.getByLabel('API key', { exact: true }).inputValue();
  }

  async closeKeyDialog(): Promise<void> {
    await this.keyDialog.getByRole('button', { name: 'Done' }).click();
    await this.keyDialog.waitFor({ state: 'hidden' });
  }

  /** The chart's summary in words: 'N events in the last 24 hours; ...' or 'No events ...'. */
  get eventsSummary(): Locator {
    return this.page.getByText(/(\d[\d,]* events?|No events) in the last/);
  }

  get errorsSummary(): Locator {
    return this.page.getByText(/(\d[\d,]* errors?|No errors) in the last/);
  }

  range(label: '24 hours' | '30 days' | '60 days' | '90 days'): Locator {
    return this.page.getByRole('radio', { name: label });
  }

  /** Picks a range as a person does: by its visible label (the radio itself is hidden). */
  async chooseRange(label: '24 hours' | '30 days' | '60 days' | '90 days'): Promise<void> {
    const id = await this.range(label).getAttribute('id');
    await this.page.locator(`label[for="${id}"]`).click();
  }

  get errorsList(): Locator {
    return this.page.getByRole('region', { name: 'Recent errors' });
  }

  get customUrl(): Locator {
    return this.page.getByLabel('Use custom configuration page URL');
  }

  get url(): Locator {
    return this.page.getByRole('textbox', { name: 'URL', exact: true });
  }

  get saveUrl(): Locator {
    return this.page.getByRole('button', { name: 'Save URL' });
  }
}
