import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ConnectionsPage } from '../../pages/connections.page';
import { signIn } from '../../pages/session';
import { newAccount, registerVerifiedAccount } from '../../support/api';
import { launchBrowser, newPage } from '../../support/browser';
import { tabTo } from '../../support/keyboard';

describe('the Add Connections dialog and the wizard by keyboard alone', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const owner = newAccount('keyboard');
    await registerVerifiedAccount(owner);
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await signIn(context, owner.email, owner.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens the dialog, chooses a platform, reaches the form and closes with Escape', async () => {
    const list = new ConnectionsPage(page);
    await list.goto();
    await tabTo(page, page.getByRole('button', { name: 'New connection' }));
    await page.keyboard.press('Enter');
    await list.addDialog.waitFor();
    const tile = list.addDialog.getByRole('button', { name: 'Postgres' });
    await tabTo(page, tile);
    await page.keyboard.press('Space');
    expect(await tile.getAttribute('aria-pressed')).toBe('true');
    const next = list.addDialog.getByRole('button', { name: 'Next: Enter Connection Details' });
    await tabTo(page, next);
    await page.keyboard.press('Enter');

    const wizard = list.wizard('Postgres');
    await wizard.waitFor();
    const name = wizard.locator('input').first();
    await tabTo(page, name);
    await page.keyboard.type('Typed by keyboard');
    expect(await name.inputValue()).toBe('Typed by keyboard');
    await tabTo(page, wizard.getByRole('button', { name: 'Save Connection' }));
    await page.keyboard.press('Enter');
    await wizard.getByText('Host is required').waitFor();
    await page.keyboard.press('Escape');
    await wizard.waitFor({ state: 'hidden' });
  });
});
