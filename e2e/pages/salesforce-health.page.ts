import type { Locator, Page } from 'playwright-core';

/** The Salesforce page's Sync history and Sync health tabs. */
export class SalesforceMonitorPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/salesforce');
  }

  tab(name: 'Sync history' | 'Sync health' | 'Sync settings'): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  get runsTable(): Locator {
    return this.page.getByTestId('sf-runs-table');
  }

  get errorsTable(): Locator {
    return this.page.getByTestId('sf-errors-table');
  }

  errorRow(errorClass: string): Locator {
    return this.page.getByTestId(`error-row-${errorClass}`);
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }
}
