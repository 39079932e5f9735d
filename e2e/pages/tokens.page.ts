import type { Locator, Page } from 'playwright-core';

/** /token-list: the tokens overview. */
export class TokensPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/token-list');
    await this.page.getByRole('heading', { name: 'Tokens' }).waitFor();
  }

  async openNew(): Promise<TokenEditorPage> {
    await this.page.getByRole('button', { name: 'New Token' }).first().click();
    await this.page.waitForURL(/\/token$/);
    const editor = new TokenEditorPage(this.page);
    await editor.name.waitFor();
    return editor;
  }

  async search(text: string): Promise<void> {
    await this.page.getByLabel('Search tokens').fill(text);
  }

  row(name: string): Locator {
    return this.page.getByTestId('tokens-table').getByRole('row').filter({ hasText: name });
  }

  async remove(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Actions for ${name}` }).click();
    await this.page.getByRole('menuitem', { name: 'Remove' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Remove token' });
    await dialog.getByText(name).waitFor();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}

/** /token and /token/:id: the token editor. */
export class TokenEditorPage {
  constructor(private readonly page: Page) {}

  get name(): Locator {
    return this.page.getByLabel('Token name');
  }

  get codeError(): Locator {
    return this.page.getByTestId('code-error');
  }

  get saveButton(): Locator {
    return this.page.getByRole('button', { name: 'Save Token' });
  }

  /** Replaces the code, as a paste would (the editor's auto-closing braces act on typed keys only). */
  async setCode(code: string): Promise<void> {
    const content = this.page.getByRole('textbox', { name: 'Token code' });
    await content.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.insertText(code);
  }

  async waitForValid(type: string): Promise<void> {
    await this.page.getByText(`Valid token, returns ${type}`).waitFor();
  }

  async fillDetails(fallback: string, description: string): Promise<void> {
    await this.page.getByLabel('Fallback value').fill(fallback);
    await this.page.getByLabel('Description').fill(description);
  }

  async save(): Promise<void> {
    await this.saveButton.click();
  }

  /** Fills the preview's person fields (adding rows as needed) and waits for each to be found. */
  async choosePreviewPersons(emails: string[]): Promise<void> {
    for (const [index, email] of emails.entries()) {
      if (index > 0) await this.page.getByRole('button', { name: 'Add person' }).click();
      const field = this.page.getByTestId('preview-person').nth(index);
      await field.getByRole('textbox').fill(email);
      // The lookup names the contact found: 'First Last (email)'.
      await field.getByText(`(${email})`).waitFor({ timeout: 15_000 });
    }
  }

  async preview(): Promise<Locator> {
    await this.page.getByTestId('preview-token').click();
    const table = this.page.getByTestId('token-preview-table');
    await table.waitFor();
    return table;
  }
}
