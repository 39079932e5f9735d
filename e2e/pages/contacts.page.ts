import type { Locator, Page } from 'playwright-core';
import { explainFailure } from '../support/browser';

/** /contacts: the contact database list. */
export class ContactsListPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/contacts');
    // The first visit loads the screen's code: allow for a slow first paint.
    await this.page.getByRole('button', { name: 'Actions' }).waitFor({ timeout: 60_000 });
  }

  async search(text: string): Promise<void> {
    await this.page.getByLabel('Search contacts').fill(text);
  }

  row(email: string): Locator {
    return this.page.getByRole('row').filter({ hasText: email });
  }

  async openAction(name: 'Create Contact' | 'Import Contacts'): Promise<void> {
    const item = this.page.getByRole('menuitem', { name });
    await explainFailure(this.page, `contacts-action-${name}`, async () => {
      await this.page.getByRole('button', { name: 'Actions' }).click();
      // The menu's code loads on the first press; should it not have opened (its chunk did not
      // arrive), the menu asks again on the next press, as a person would press again.
      if (
        !(await item.waitFor({ timeout: 15_000 }).then(
          () => true,
          () => false,
        ))
      ) {
        await this.page.getByRole('button', { name: 'Actions' }).click();
      }
      await item.click();
    });
  }

  async createContact(email: string): Promise<void> {
    await this.openAction('Create Contact');
    const dialog = this.page.getByRole('dialog', { name: 'Create a new contact' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Create' }).click();
  }
}

/** /contacts/:id: one contact. */
export class ContactPage {
  constructor(private readonly page: Page) {}

  async waitForContact(email: string): Promise<void> {
    await this.page.waitForURL(/\/contacts\/[0-9a-f-]{36}$/);
    await this.page.getByText(email).first().waitFor();
    await this.page.getByRole('tab', { name: 'Personal Fields' }).waitFor();
  }

  async edit(values: Record<string, string>): Promise<void> {
    await this.page.getByRole('button', { name: 'Edit' }).click();
    for (const [label, value] of Object.entries(values)) {
      await this.page.getByRole('textbox', { name: label, exact: true }).fill(value);
    }
    await this.page.getByRole('button', { name: 'Save' }).click();
  }

  fieldValue(name: string): Locator {
    return this.page.locator(`[data-field="${name}"]`);
  }

  subscription(): Locator {
    return this.page.getByRole('switch', { name: 'Email subscription' });
  }

  async delete(email: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Delete' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Delete contact' });
    await dialog.getByLabel('Contact email').fill(email);
    await dialog.getByRole('button', { name: 'Delete' }).click();
  }

  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }
}
