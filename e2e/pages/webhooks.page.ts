import type { Locator, Page } from 'playwright-core';

/** /webhooks: the webhooks overview. */
export class WebhooksPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/webhooks');
    await this.page.getByRole('heading', { name: 'Webhooks' }).waitFor();
  }

  async create(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New webhook' }).first().click();
    const dialog = this.page.getByRole('dialog', { name: 'New webhook' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
  }

  async search(text: string): Promise<void> {
    await this.page.getByLabel('Search webhooks').fill(text);
  }

  row(name: string): Locator {
    return this.page.getByRole('row').filter({ hasText: name });
  }

  /** Row menu 'Remove', then the confirmation. */
  async remove(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Actions for ${name}` }).click();
    await this.page.getByRole('menuitem', { name: 'Remove' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Remove webhook' });
    await dialog
      .getByText('Are you sure about deleting this webhook? Once deleted cannot be undone')
      .waitFor();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}

/** /webhook/edit/:id: one webhook's request and its preview. */
export class WebhookEditorPage {
  constructor(private readonly page: Page) {}

  async waitFor(name: string): Promise<string> {
    await this.page.waitForURL(/\/webhook\/edit\/webhook-[A-Za-z0-9]{5}$/);
    await this.page.getByRole('heading', { name }).waitFor();
    return new URL(this.page.url()).pathname.split('/').pop()!;
  }

  get description(): Locator {
    return this.page.getByLabel('Description');
  }

  get url(): Locator {
    return this.page.getByLabel('URL', { exact: true });
  }

  async addHeader(key: string, value: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Add Another' }).click();
    const row = this.page.getByTestId('header-row').last();
    await row.getByPlaceholder('Header name').fill(key);
    await row.getByPlaceholder('Value').fill(value);
  }

  /** Replaces the payload in the code editor. */
  async setPayload(text: string): Promise<void> {
    const editor = this.page.getByTestId('payload-editor').locator('.cm-content');
    await editor.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Delete');
    await editor.fill(text);
  }

  /** Picks a contact field or saved token from the payload's 'Insert token' menu; it goes in at the cursor. */
  async insertPlaceholder(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Insert token' }).click();
    await this.page.getByLabel('Search token').fill(name);
    await this.page.getByRole('menuitem', { name }).click();
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
  }

  get sendButton(): Locator {
    return this.page.getByRole('button', { name: 'send request' });
  }

  /** The person the preview is rendered for, looked up once typing pauses. */
  async previewAs(email: string): Promise<void> {
    await this.page.getByLabel('Preview as').fill(email);
    await this.page.getByLabel('Contact found').waitFor({ timeout: 15_000 });
  }

  get result(): Locator {
    return this.page.getByTestId('preview-result');
  }

  async showTab(name: 'Request' | 'Response'): Promise<void> {
    await this.result.getByRole('tab', { name }).click();
  }
}
