import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ContactImportDialog } from '../../pages/contact-import.dialog';
import { ContactsListPage } from '../../pages/contacts.page';
import { signInAsDemoAdmin } from '../../pages/session';
import { launchBrowser, newPage, snapshot } from '../../support/browser';

describe('running a CSV import', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const run = Date.now();
  const email = (n: number) => `run${n}.${run}@e2e.meridian.dev`;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await signInAsDemoAdmin(context);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('imports the unique emails of a file with duplicates', async () => {
    const dialog = await ContactImportDialog.open(page);
    await dialog.upload(
      'duplicates.csv',
      `email,first_name\n${email(1)},Jamie\n${email(2)},Morgan\n${email(2)},Morgan again\n`,
    );
    await dialog.status().getByText('Data contains duplicates').waitFor();
    const result = await dialog.runImport();
    await result.getByText('2 contacts added').waitFor();
    await snapshot(page, 'contacts-import-result');
    await dialog.close();
    const list = new ContactsListPage(page);
    await list.search(`${run}@e2e.meridian.dev`);
    await list.row(email(2)).waitFor();
  });

  it('re-imports with data update on and updates the existing contacts', async () => {
    const dialog = await ContactImportDialog.open(page);
    await dialog.upload('update.csv', `email,first_name\n${email(1)},Jordan\n${email(2)},Morgan\n`);
    await dialog.status().getByText('Data verified successfully').waitFor();
    await dialog.stat('To update').getByText('2', { exact: true }).waitFor();
    expect(await dialog.option('Enable data update').isChecked()).toBe(true);
    await dialog.option('Overwrite with new values').click({ force: true });
    const result = await dialog.runImport();
    await result.getByText('0 contacts added').waitFor();
    await result.getByText('2 contacts updated').waitFor();
    await dialog.close();
    const list = new ContactsListPage(page);
    await list.search(email(1));
    await list.row(email(1)).getByText('Jordan').waitFor();
  });
});
