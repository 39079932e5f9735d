import type { Locator, Page } from 'playwright-core';

/** /templates: the 'Emails' list. */
export class TemplatesPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/templates');
    await this.page.getByRole('heading', { name: 'Emails' }).waitFor();
  }

  /** 'New Email' with the visual editor, started from a gallery design (or 'Blank'). */
  async createVisual(name: string, starter: string): Promise<void> {
    const dialog = await this.openCreate(name);
    await dialog.getByRole('radio', { name: /Visual editor \(drag and drop\)/ }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    const gallery = this.page.getByRole('dialog', { name: 'Templates' });
    await gallery.getByRole('button', { name: starter, exact: true }).click();
  }

  /** 'New Email' with the HTML editor, finished from the keyboard: Enter on the chosen editor submits. */
  async createHtml(name: string): Promise<void> {
    const dialog = await this.openCreate(name);
    const choice = dialog.getByRole('radio', { name: /HTML editor/ });
    await choice.click();
    await choice.press('Enter');
  }

  private async openCreate(name: string): Promise<Locator> {
    await this.page.getByRole('button', { name: 'New Email' }).first().click();
    const dialog = this.page.getByRole('dialog', { name: 'New Email' });
    await dialog.getByLabel('Name').fill(name);
    return dialog;
  }

  /** Searches, and waits until the list shows only matching rows (the search is debounced). */
  async search(text: string): Promise<void> {
    await this.page.getByLabel('Search email templates').fill(text);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const rows = await this.page.locator('tbody tr').allInnerTexts();
      if (rows.every((row) => row.toLowerCase().includes(text.toLowerCase()))) return;
      if (Date.now() > deadline) throw new Error(`the list never showed only rows matching '${text}'`);
      await this.page.waitForTimeout(100);
    }
  }

  row(name: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  private async menu(name: string, item: 'Clone' | 'Rename' | 'Remove'): Promise<void> {
    await this.page.getByRole('button', { name: `Actions for ${name}` }).click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }

  async clone(name: string): Promise<void> {
    await this.menu(name, 'Clone');
  }

  /**
   * Opens the rename dialog and submits `next` with Enter (the button is disabled while the name is
   * refused); returns the dialog (still open when invalid).
   */
  async rename(name: string, next: string): Promise<Locator> {
    await this.menu(name, 'Rename');
    const dialog = this.page.getByRole('dialog', { name: 'Rename email' });
    await dialog.getByLabel('Name').fill(next);
    await dialog.getByLabel('Name').press('Enter');
    return dialog;
  }

  async remove(name: string): Promise<void> {
    await this.menu(name, 'Remove');
    await this.page
      .getByRole('dialog', { name: 'Remove email' })
      .getByRole('button', { name: 'Remove' })
      .click();
  }
}

/** /template/edit/:id: one email in its editor. */
export class TemplateEditorPage {
  constructor(private readonly page: Page) {}

  /** Waits for the editor of `name` to be ready, and returns the template's id. */
  async waitFor(name: string, kind: 'visual' | 'html'): Promise<string> {
    await this.page.waitForURL(/\/template\/edit\/[0-9a-f-]{36}$/);
    await this.page.getByRole('heading', { name }).waitFor();
    if (kind === 'visual') {
      await this.page.locator('.gjs-frame').waitFor();
      await this.page.getByText('Loading the editor…').waitFor({ state: 'hidden' });
    } else {
      await this.page.locator('.cm-editor').waitFor();
    }
    return this.page.url().split('/').pop()!;
  }

  /** The visual editor's canvas (an iframe). */
  canvas() {
    return this.page.frameLocator('.gjs-frame');
  }

  savedLabel(): Locator {
    return this.page.getByTestId('saved-label');
  }

  async setSubject(subject: string): Promise<void> {
    await this.page.getByLabel('Subject', { exact: true }).fill(subject);
  }

  async addToken(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Add token', exact: true }).click();
    await this.pickToken(name);
  }

  /** Chooses a saved token in the open 'Add token' dialog. */
  async pickToken(name: string): Promise<void> {
    const dialog = this.page.getByRole('dialog', { name: 'Add token' });
    await dialog.getByLabel('Search token').fill(name);
    await dialog.getByRole('option', { name: new RegExp(`^${name}`) }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  async addUnsubscribeLink(): Promise<void> {
    await this.page.getByRole('button', { name: 'Unsubscribe link' }).click();
  }

  async setSender(name: string, email: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Email settings' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Email settings' });
    await dialog.getByRole('textbox', { name: 'Sender name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'From email' }).fill(email);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
    await this.page.getByText('Template Updated successfully').waitFor();
  }

  /** 'Export html': the downloaded file's name and text. */
  async exportHtml(): Promise<{ name: string; html: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: 'Export html' }).click(),
    ]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { name: download.suggestedFilename(), html: Buffer.concat(chunks).toString('utf8') };
  }

  /** 'Send test email' as the contact with `email`: waits for the lookup before sending. */
  async sendTest(email: string): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Send test email' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Send test email' });
    const send = dialog.getByRole('button', { name: 'Send' });
    await dialog.getByLabel('Receive as').fill(email);
    await dialog.getByLabel('Contact found').waitFor();
    await send.click();
    return dialog;
  }
}
