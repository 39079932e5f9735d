import type { Browser, Page } from 'playwright-core';
import { ContactsListPage } from '../../pages/contacts.page';
import { signInAsDemoAdmin } from '../../pages/session';
import { launchBrowser, newPage } from '../../support/browser';

const DESKTOP_WIDTH = 1440;

describe(`the contacts list at ${DESKTOP_WIDTH} px`, () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    const opened = await newPage(browser, { width: DESKTOP_WIDTH });
    page = opened.page;
    await signInAsDemoAdmin(opened.context);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows every column, Created Date included, without scrolling sideways', async () => {
    await new ContactsListPage(page).goto();
    const table = page.getByTestId('contacts-table');
    await table.locator('tbody tr').first().waitFor();
    const [tableWidth, roomWidth] = await table.evaluate((element) => [
      element.scrollWidth,
      element.parentElement!.clientWidth,
    ]);
    expect(tableWidth).toBeLessThanOrEqual(roomWidth);
  });
});
