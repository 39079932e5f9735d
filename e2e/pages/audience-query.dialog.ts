import type { Locator, Page } from 'playwright-core';

/**
 * The query builder: by default inside the 'Dynamic list query' dialog; pass another root (the
 * campaign's Dynamic list tab) to drive the same builder there.
 */
export class AudienceQueryDialog {
  readonly root: Locator;

  constructor(
    private readonly page: Page,
    root?: Locator,
  ) {
    this.root = root ?? page.getByRole('dialog', { name: 'Dynamic list query' });
  }

  group(name: string): Locator {
    return this.root.getByRole('region', { name });
  }

  async addGroup(name: string): Promise<void> {
    const count = await this.root.getByRole('region').count();
    await this.root.getByRole('button', { name: 'Add group' }).click();
    await this.root.getByLabel(`Name of group ${count + 1}`).fill(name);
  }

  async addFilter(group: string, kind: string): Promise<void> {
    await this.root.getByRole('button', { name: `Add filter to ${group}` }).click();
    await this.page.getByRole('menuitem', { name: kind }).click();
  }

  /** Picks an option of a select (or adds one to a multi-select) named `label`. */
  async choose(label: string, option: string): Promise<void> {
    await this.root.getByRole('combobox', { name: label, exact: true }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async fill(label: string, value: string): Promise<void> {
    await this.root.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
}
