import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ContactImportDialog } from '../../pages/contact-import.dialog';
import { signInAsDemoAdmin } from '../../pages/session';
import { launchBrowser, newPage, snapshot } from '../../support/browser';

describe('importing contacts from a CSV file', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const run = Date.now();
  const email = (n: number) => `import${n}.${run}@e2e.meridian.dev`;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await signInAsDemoAdmin(context);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('blocks a file with errors and offers its error report', async () => {
    const dialog = await ContactImportDialog.open(page);
    await dialog.upload('errors.csv', `email,first_name\n${email(1)},Jamie\nnot-an-email,Broken\n`);
    await dialog.status().getByText('Data contains errors').waitFor();
    expect(await dialog.importButton().isDisabled()).toBe(true);
    await snapshot(page, 'contacts-import-errors');
    const report = await dialog.downloadReport('error');
    expect(readFileSync(await report.path(), 'utf8')).toContain('not-an-email');
    await dialog.close();
  });

  it('says why a refused file failed, with the way to try again', async () => {
    const dialog = await ContactImportDialog.open(page);
    await dialog.root.getByTestId('file-input').setInputFiles({
      name: 'no-email.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('mail,first\nx,y\n'),
    });
    await dialog.root
      .getByTestId('import-failure-reason')
      .getByText(/column named email/)
      .waitFor();
    await dialog.root.getByRole('button', { name: 'Upload failed. Click here to try again' }).click();
    await dialog.root.getByTestId('file-input').waitFor({ state: 'attached' });
    await dialog.close();
  });

  it('lets a file with duplicates import its unique emails, with the duplicates report', async () => {
    const dialog = await ContactImportDialog.open(page);
    await dialog.upload(
      'duplicates.csv',
      `email,first_name\n${email(1)},Jamie\n${email(2)},Morgan\n${email(2)},Morgan again\n`,
    );
    await dialog.status().getByText('Data contains duplicates').waitFor();
    await dialog.stat('New').getByText('2', { exact: true }).waitFor();
    await dialog.stat('Duplicates').getByText('1', { exact: true }).waitFor();
    expect(await dialog.importButton().isDisabled()).toBe(false);
    // Nothing to update yet: the update options stay off.
    expect(await dialog.option('Enable data update').isChecked()).toBe(false);
    await snapshot(page, 'contacts-import-duplicates');
    const report = await dialog.downloadReport('duplicates');
    expect(readFileSync(await report.path(), 'utf8')).toContain(email(2));
    await dialog.close();
  });
});
