import type { Locator, Page } from 'playwright-core';

/** /crm-data: the unified person mapping. */
export class CrmDataPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/crm-data');
    await this.waitFor();
  }

  async waitFor(): Promise<void> {
    await this.page.getByRole('heading', { name: 'CRM data mapping' }).waitFor({ timeout: 60_000 });
    await this.table.waitFor({ timeout: 30_000 });
  }

  get table(): Locator {
    return this.page.getByTestId('crm-mapping-table');
  }

  row(name: string): Locator {
    return this.table.locator(`tr[data-row="${name}"]`);
  }

  button(name: 'Edit' | 'Save' | 'Cancel' | 'Auto-map' | 'Add new field'): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  get search(): Locator {
    return this.page.getByPlaceholder('Search columns');
  }

  get addFieldDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Add Field for Person' });
  }

  /** The person field names of the rows shown, in order. */
  async rowNames(): Promise<string[]> {
    return this.table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row') ?? ''));
  }
}
