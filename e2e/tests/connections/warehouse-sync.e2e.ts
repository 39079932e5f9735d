import {
  personListContract,
  unifiedConnectionSchema,
  warehouseSyncRunListContract,
  connectionsListContract,
  type SyncRun,
} from '@meridian/contracts';
import { eventually } from '@meridian/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppShell } from '../../pages/app-shell.page';
import { ConnectionDetailPage, ConnectionsPage, pick, SyncSetupPage } from '../../pages/connections.page';
import { signIn } from '../../pages/session';
import { callApi, newAccount, registerVerifiedAccount, uniqueSuffix } from '../../support/api';
import { expectAccessible } from '../../support/axe';
import { launchBrowser, newPage, snapshot } from '../../support/browser';
import { createWarehouse, type Warehouse } from '../../support/warehouse';

/** A run waits for the sync tick (every minute) and the campaign side's answer: generous limits. */
const RUN_WAIT_MS = 180_000;

describe('a Postgres warehouse: connected through the wizard, synced, changed, broken and resumed', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let warehouse: Warehouse;
  let connectionId = '';
  const suffix = uniqueSuffix();
  const name = `Analytics ${suffix}`;
  const emailOf = (n: number) => `buyer${n}.${suffix}@e2e.meridian.dev`;

  beforeAll(async () => {
    warehouse = await createWarehouse(suffix);
    const owner = newAccount('warehouse');
    await registerVerifiedAccount(owner);
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    token = await signIn(context, owner.email, owner.password);
  });

  afterAll(async () => {
    await browser?.close();
    await warehouse?.drop();
  });

  /** The newest runs, as the detail page reads them. */
  async function runs(): Promise<SyncRun[]> {
    const answer = await callApi(
      warehouseSyncRunListContract,
      { connection_id: connectionId, page_size: 50, page_number: 1 },
      token,
    );
    return (answer.body as { records: SyncRun[] }).records;
  }

  async function contacts(): Promise<Record<string, Record<string, unknown>>> {
    const answer = await callApi(
      personListContract,
      { keyword: suffix, page_size: 50, page_number: 1, columns: ['email', 'first_name', 'plan'] },
      token,
    );
    const rows = (answer.body as { records: Record<string, unknown>[] }).records;
    return Object.fromEntries(rows.map((row) => [row.email as string, row]));
  }

  it('connects the warehouse through the Add Connections dialog and the wizard', async () => {
    const list = new ConnectionsPage(page);
    await list.goto();
    await page.getByText("Let's start adding your first connection").waitFor();
    await expectAccessible(page, 'the empty connection list');
    await page.getByRole('button', { name: 'Add your first connection' }).click();
    await list.addDialog.waitFor();
    expect(
      await list.addDialog.getByRole('button', { name: 'Next: Enter Connection Details' }).isDisabled(),
    ).toBe(true);
    await expectAccessible(page, 'the Add Connections dialog', '[role="dialog"]');
    await list.choosePlatform('Postgres');

    const wizard = list.wizard('Postgres');
    await wizard.getByRole('button', { name: 'Save Connection' }).click();
    await wizard.getByText('Connection Name is required').waitFor();
    await list.fillForm(wizard, {
      'Connection Name': name,
      Host: '127.0.0.2',
      Port: String(warehouse.port),
      Database: warehouse.database,
      Username: warehouse.user,
      Password: 'not-the-password',
    });
    // The connection is tested before it is stored: the failing step is named.
    await wizard.getByRole('button', { name: 'Save Connection' }).click();
    await wizard.getByRole('alert').filter({ hasText: /auth/i }).waitFor({ timeout: 30_000 });
    await list.fillForm(wizard, { Password: warehouse.password });
    await wizard.getByRole('button', { name: 'Save Connection' }).click();
    await wizard.getByText("Connected Succesfully, Let's setup the sync").waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'the wizard on its schema step', '[role="dialog"]');
    await pick(page, wizard, 'Schema', 'public');
    await wizard.getByRole('button', { name: 'Setup connection' }).click();
    await new SyncSetupPage(page).waitFor(name);
    connectionId = page.url().split('/').at(-1)!;
  });

  it('sets up a sync with a custom column, confirmed, and lands on the connection list', async () => {
    const setup = new SyncSetupPage(page);
    await setup.addTable('customers', 'person');
    await page.getByText('There are some unmapped required fields').waitFor();
    await setup.map('email', 'email');
    await setup.map('first_name', 'first_name');
    await page.getByRole('switch', { name: 'Primary key: email' }).check();
    await page.getByRole('checkbox', { name: /^plan/ }).check();
    await page.getByText('There are some unmapped required fields').waitFor({ state: 'hidden' });
    await expectAccessible(page, 'the sync setup');
    await snapshot(page, 'sync-setup');
    await setup.save();
    await new AppShell(page).expectToast('Sync Successfully Saved');
    await page.waitForURL('**/connection');
    await new ConnectionsPage(page).card(name).waitFor();
  });

  it('runs the sync: the contacts appear with the mapped fields', async () => {
    const synced = await eventually(
      async () => {
        const rows = await contacts();
        return Object.keys(rows).length === 5 ? rows : undefined;
      },
      { timeoutMs: RUN_WAIT_MS, intervalMs: 2000, what: 'the five warehouse rows as contacts' },
    );
    expect(synced[emailOf(2)]).toMatchObject({ first_name: 'Buyer 2', plan: 'pro' });
    expect(synced[emailOf(3)]).toMatchObject({ first_name: 'Buyer 3', plan: 'free' });

    await new ConnectionsPage(page)
      .card(name)
      .getByRole('button', { name: 'View connection details' })
      .click();
    const detail = new ConnectionDetailPage(page);
    await detail.waitFor(name);
    await detail.runs
      .getByRole('row')
      .nth(1)
      .filter({ hasText: 'Finished' })
      .waitFor({ timeout: RUN_WAIT_MS });
    await expectAccessible(page, 'the connection detail page');
    await snapshot(page, 'connection-detail');
  });

  it('updates only the changed rows on the next run', async () => {
    // No run in flight when the rows change: every run that sees the change starts after it.
    const earlier = await eventually(
      async () => {
        const all = await runs();
        return all.length > 0 && all.every((run) => run.state !== 'running') ? all : undefined;
      },
      { timeoutMs: RUN_WAIT_MS, intervalMs: 2000, what: 'the first runs to end' },
    );
    const seen = new Set(earlier.map((run) => run.id));
    await warehouse.sql(
      `UPDATE public.customers SET first_name = 'Renamed ' || id, updated_at = now() WHERE id IN (1, 4)`,
    );
    const detail = new ConnectionDetailPage(page);
    // Resuming runs the sync at once.
    await detail.toggle('Pause Sync');
    await new AppShell(page).expectToast('Sync Successfully Paused');
    await detail.toggle('Resume Sync');
    await new AppShell(page).expectToast('Sync Successfully Resumed');
    const later = await eventually(
      async () => {
        const fresh = (await runs()).filter((run) => !seen.has(run.id));
        const ended = fresh.length > 0 && fresh.every((run) => run.state === 'finished');
        return ended && fresh.some((run) => run.records_updated_count > 0) ? fresh : undefined;
      },
      { timeoutMs: RUN_WAIT_MS, intervalMs: 2000, what: 'a run that reads the changed rows' },
    );
    const sum = (key: 'records_inserted_count' | 'records_updated_count' | 'records_failed_count') =>
      later.reduce((total, run) => total + run[key], 0);
    expect({
      inserted: sum('records_inserted_count'),
      updated: sum('records_updated_count'),
      failed: sum('records_failed_count'),
    }).toEqual({ inserted: 0, updated: 2, failed: 0 });
    const rows = await contacts();
    expect(rows[emailOf(1)]).toMatchObject({ first_name: 'Renamed 1' });
    expect(rows[emailOf(4)]).toMatchObject({ first_name: 'Renamed 4' });
    expect(rows[emailOf(2)]).toMatchObject({ first_name: 'Buyer 2' });
  });

  it("shows 'Sync Paused' with the error when the warehouse refuses, and resumes", async () => {
    await warehouse.setPassword(`changed-${suffix}`);
    const detail = new ConnectionDetailPage(page);
    await detail.toggle('Pause Sync');
    await new AppShell(page).expectToast('Sync Successfully Paused');
    // The last test's resume toast may still show or wait in the queue: this resume's must be its own.
    await new AppShell(page).dismissToasts('Sync Successfully Resumed');
    await detail.toggle('Resume Sync');
    await new AppShell(page).expectToast('Sync Successfully Resumed');
    await eventually(
      async () => {
        await detail.refresh();
        return (await detail.syncDetails.getByRole('button', { name: 'Copy error' }).count()) > 0;
      },
      { timeoutMs: RUN_WAIT_MS, intervalMs: 3000, what: "the sync to pause on the warehouse's refusal" },
    );
    await detail.syncDetails.getByText('Sync Paused').first().waitFor();
    await page.getByRole('region', { name: 'Sync Errors' }).getByText('Encountered error').first().waitFor();
    await snapshot(page, 'connection-detail-paused');
    const listed = await callApi(connectionsListContract, { page_size: 10, page_number: 1 }, token);
    const row = unifiedConnectionSchema
      .array()
      .parse((listed.body as { connections: unknown[] }).connections)[0];
    expect(row?.status).toBe('paused');
    expect(row?.error).toBeTruthy();

    await warehouse.setPassword(warehouse.password);
    await new AppShell(page).dismissToasts('Sync Successfully Resumed');
    await detail.toggle('Resume Sync');
    await new AppShell(page).expectToast('Sync Successfully Resumed');
    await detail.syncDetails.getByRole('button', { name: 'Copy error' }).waitFor({ state: 'hidden' });
    await eventually(
      async () => {
        const [latest] = await runs();
        return latest?.state === 'finished' && !latest.error;
      },
      { timeoutMs: RUN_WAIT_MS, intervalMs: 2000, what: 'a run after resuming' },
    );
  });

  it('lists the connection on the Data connections overview, and reads on a phone', async () => {
    await page.goto('/connections');
    const table = page.getByTestId('connections-table');
    await table.getByRole('row').filter({ hasText: name }).waitFor({ timeout: 60_000 });
    await expectAccessible(page, 'the Data connections overview');
    await page.getByRole('tab', { name: 'CRM Data' }).click();
    // The CRM Data tab is the person-field mapping; with no Salesforce source it says where to add one.
    await page
      .getByText('Note: Add sources in the overview screen to start syncing data into CRM Objects')
      .waitFor();

    const phone = await newPage(browser, { width: 390 });
    await signInAsToken(phone.context, token);
    for (const path of [
      `/connection/${connectionId}`,
      `/sync/configuration/${connectionId}`,
      '/connection',
    ]) {
      await phone.page.goto(path);
      await phone.page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 60_000 });
      await phone.page.waitForLoadState('networkidle');
      const overflow = await phone.page.evaluate<number>(
        'document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth',
      );
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
    }
    await snapshot(phone.page, 'connections-phone');
    await phone.context.close();
  });
});

async function signInAsToken(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript({
    content: `window.localStorage.setItem('authToken', ${JSON.stringify(token)});`,
  });
}
