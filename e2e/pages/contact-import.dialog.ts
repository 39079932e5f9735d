import type { Download, Locator, Page } from 'playwright-core';
import { ContactsListPage } from './contacts.page';

/** The 'Import contacts' dialog opened from the contacts list. */
export class ContactImportDialog {
  readonly root: Locator;

  /** Opens the dialog from the contacts list's Actions menu. */
  static async open(page: Page): Promise<ContactImportDialog> {
    const list = new ContactsListPage(page);
    await list.goto();
    await list.openAction('Import Contacts');
    return new ContactImportDialog(page);
  }

  constructor(private readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'Import contacts' });
  }

  async upload(name: string, csv: string): Promise<void> {
    await this.root
      .getByTestId('file-input')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await this.root.getByTestId('import-status').waitFor({ timeout: 30_000 });
  }

  status(): Locator {
    return this.root.getByTestId('import-status');
  }

  stat(label: 'Total' | 'New' | 'To update' | 'Errors' | 'Duplicates'): Locator {
    return this.root.getByTestId(`import-stat-${label}`);
  }

  importButton(): Locator {
    return this.root.getByRole('button', { name: 'Import', exact: true });
  }

  option(label: 'Enable data update' | 'Overwrite with new values' | 'Ignore Blank Values'): Locator {
    return this.root.getByRole('switch', { name: label });
  }

  async downloadReport(kind: 'error' | 'duplicates'): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.root
        .getByRole('button', {
          name: kind === 'error' ? 'Download error report' : 'Download duplicates report',
        })
        .click(),
    ]);
    return download;
  }

  async runImport(): Promise<Locator> {
    await this.importButton().click();
    const result = this.root.getByTestId('import-result');
    await result.waitFor({ timeout: 60_000 });
    return result;
  }

  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.root.waitFor({ state: 'hidden' });
  }
}
