import type { Locator, Page } from 'playwright-core';

/** /connection: the connection cards, the Add Connections dialog and the wizard. */
export class ConnectionsPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/connection');
    // The first visit loads the screen's code: allow for a slow first paint.
    await this.page.getByRole('heading', { name: 'Connections', level: 2 }).waitFor({ timeout: 60_000 });
  }

  card(name: string): Locator {
    return this.page.getByRole('article', { name });
  }

  get addDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Add Connections' });
  }

  wizard(platform: string): Locator {
    return this.page.getByRole('dialog', { name: `New ${platform} connection` });
  }

  /** Chooses a tile and moves on to the connection details. */
  async choosePlatform(platform: string): Promise<void> {
    await this.addDialog.getByRole('button', { name: platform }).click();
    await this.addDialog.getByRole('button', { name: 'Next: Enter Connection Details' }).click();
  }

  async fillForm(wizard: Locator, values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) {
      await wizard
        .locator('input')
        // The label may end with the required mark.
        .and(wizard.getByLabel(new RegExp(`^${label}( \\*)?$`)))
        .fill(value);
    }
  }
}

/** Picks `option` in the Mantine select labelled `label`, within `scope`. */
export async function pick(page: Page, scope: Locator | Page, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** /sync/configuration/:id: the warehouse sync setup. */
export class SyncSetupPage {
  constructor(private readonly page: Page) {}

  async waitFor(name: string): Promise<void> {
    await this.page.waitForURL(/\/sync\/configuration\/[0-9a-f-]{36}$/);
    await this.page.getByRole('heading', { name, level: 2 }).waitFor({ timeout: 60_000 });
    await this.page.getByRole('combobox', { name: 'Source Table' }).waitFor({ timeout: 60_000 });
  }

  async addTable(source: string, destination: string): Promise<void> {
    await pick(this.page, this.page, 'Source Table', source);
    await pick(this.page, this.page, 'Destination Table', destination);
    await this.page.getByRole('button', { name: 'Add table to sync' }).click();
  }

  async map(destinationColumn: string, sourceColumn: string): Promise<void> {
    await pick(this.page, this.page, `Source column for ${destinationColumn}`, sourceColumn);
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save Sync' }).click();
    const confirm = this.page.getByRole('dialog', { name: 'Syncs are not editable later' });
    await confirm.getByRole('button', { name: 'Continue to save sync' }).click();
  }
}

/** /connection/:id: the connection detail page. */
export class ConnectionDetailPage {
  constructor(private readonly page: Page) {}

  get syncDetails(): Locator {
    return this.page.getByRole('region', { name: 'Sync Details' });
  }

  get runs(): Locator {
    return this.page.getByTestId('sync-runs-table');
  }

  async waitFor(name: string): Promise<void> {
    await this.page.waitForURL(/\/connection\/[0-9a-f-]{36}$/);
    await this.page.getByRole('heading', { name, level: 2 }).waitFor({ timeout: 60_000 });
  }

  async toggle(label: 'Pause Sync' | 'Resume Sync'): Promise<void> {
    await this.syncDetails.getByRole('button', { name: label }).click();
  }

  async refresh(): Promise<void> {
    await this.syncDetails.getByRole('button', { name: 'Refresh sync details' }).click();
  }
}
