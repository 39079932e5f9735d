import type { Locator, Page } from 'playwright-core';

/** /lists/static-list: the static lists overview. */
export class StaticListsPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/lists/static-list');
    await this.page.getByRole('heading', { name: 'Static lists' }).waitFor();
  }

  async create(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New static list' }).first().click();
    const dialog = this.page.getByRole('dialog', { name: 'New static list' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
  }

  async search(text: string): Promise<void> {
    await this.page.getByLabel('Search static lists').fill(text);
  }

  row(name: string): Locator {
    return this.page.getByRole('row').filter({ hasText: name });
  }

  async rename(name: string, next: string): Promise<void> {
    await this.page.getByRole('button', { name: `Actions for ${name}` }).click();
    await this.page.getByRole('menuitem', { name: 'Rename' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Rename static list' });
    await dialog.getByLabel('Name').fill(next);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  async delete(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Actions for ${name}` }).click();
    await this.page.getByRole('menuitem', { name: 'Delete' }).click();
    await this.page
      .getByRole('dialog', { name: 'Delete static list' })
      .getByRole('button', { name: 'Delete' })
      .click();
  }
}

/** /lists/static-list/:id: one static list's contacts. */
export class StaticListPage {
  constructor(private readonly page: Page) {}

  async waitFor(name: string): Promise<void> {
    await this.page.waitForURL(/\/lists\/static-list\/[0-9a-f-]{36}$/);
    await this.page.getByRole('heading', { name }).waitFor();
  }

  row(email: string): Locator {
    return this.page.getByRole('row').filter({ hasText: email });
  }

  async addFromCsv(csv: string): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Add contacts' }).click();
    await this.page.getByRole('menuitem', { name: 'From a CSV file' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Add contacts from a CSV file' });
    await dialog
      .getByTestId('file-input')
      .setInputFiles({ name: 'list.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByTestId('match-message').waitFor({ timeout: 30_000 });
    return dialog;
  }

  async select(email: string): Promise<void> {
    await this.page.getByRole('checkbox', { name: `Select ${email}` }).check({ force: true });
  }

  async removeSelected(): Promise<void> {
    await this.page.getByRole('button', { name: /^Remove selected/ }).click();
    await this.confirmRemoval();
  }

  /** The row's own remove button (the single removal). */
  async removeOne(email: string): Promise<void> {
    await this.page.getByRole('button', { name: `Remove ${email}` }).click();
    await this.confirmRemoval();
  }

  async clear(): Promise<void> {
    await this.page.getByRole('button', { name: 'Clear list' }).click();
    await this.confirmRemoval();
  }

  private async confirmRemoval(): Promise<void> {
    const dialog = this.page.getByRole('dialog');
    await dialog
      .getByText('Are you sure about removing the contact(s)? Once removed cannot be undone')
      .waitFor();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}
