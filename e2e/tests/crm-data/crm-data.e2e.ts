import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CrmDataPage } from '../../pages/crm-data.page';
import { signIn } from '../../pages/session';
import { newAccount, registerVerifiedAccount, uniqueSuffix } from '../../support/api';
import { expectAccessible } from '../../support/axe';
import { launchBrowser, newPage, snapshot } from '../../support/browser';
import { isFocused, tabTo } from '../../support/keyboard';

const PHONE_WIDTH = 390;
const BANNER = 'Note: Add sources in the overview screen to start syncing data into CRM Objects';

/** The mapping of an organisation with no Salesforce source yet: banner, a new field, edit and save. */
describe('the CRM data mapping (/crm-data)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let mapping: CrmDataPage;
  const account = newAccount('crm-data');
  const fieldDisplay = `Renewal Quarter ${uniqueSuffix()}`;
  const fieldName = fieldDisplay.toLowerCase().replace(/[^a-z0-9]+/g, '_');

  beforeAll(async () => {
    await registerVerifiedAccount(account);
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await signIn(context, account.email, account.password);
    mapping = new CrmDataPage(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the person fields, email first, with the no-source banner', async () => {
    await mapping.open();
    await page.getByText(BANNER).waitFor();
    const names = await mapping.rowNames();
    expect(names[0]).toBe('email');
    expect(names).toEqual(expect.arrayContaining(['first_name', 'last_name', 'company_name']));
    for (const column of [
      'Person Property',
      'Data Source',
      'Contact Property',
      'Lead Property',
      'Sync Preference',
    ]) {
      await mapping.table.getByRole('columnheader', { name: column }).waitFor();
    }
    // Nothing to auto-map from without a source.
    expect(await mapping.button('Auto-map').isDisabled()).toBe(true);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'the CRM data mapping');
    await snapshot(page, 'crm-data-no-source');
  });

  it('adds a person field through Add Field for Person', async () => {
    await mapping.button('Add new field').click();
    const dialog = mapping.addFieldDialog;
    await dialog.waitFor();
    const add = dialog.getByRole('button', { name: 'Add', exact: true });
    expect(await add.isDisabled()).toBe(true);
    await dialog.getByLabel('Field Name').fill(fieldDisplay);
    await dialog.getByText(`Saved as ${fieldName}`).waitFor();
    await dialog.getByRole('combobox', { name: 'Field type' }).click();
    await page.getByRole('option', { name: 'Whole number' }).click();
    await expectAccessible(page, 'the Add Field for Person dialog', '[role="dialog"]');
    await add.click();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await mapping.row(fieldName).getByText(fieldDisplay).waitFor({ timeout: 30_000 });
    await mapping.row(fieldName).getByText('Custom').waitFor();

    await mapping.search.fill('renewal');
    await mapping.row(fieldName).waitFor();
    expect(await mapping.rowNames()).toEqual([fieldName]);
    await mapping.search.fill('');
  });

  it('is read-only until Edit, and Save returns to read-only with the toast', async () => {
    expect(await mapping.table.getByRole('combobox').count()).toBe(0);
    await mapping.button('Edit').click();
    await mapping.row('first_name').getByRole('combobox', { name: 'Data Source for First Name' }).waitFor();
    expect(await mapping.button('Edit').count()).toBe(0);
    await mapping.button('Save').click();
    await page.getByText('Updated mapping successfully').waitFor();
    await mapping.button('Edit').waitFor();
    expect(await mapping.table.getByRole('combobox').count()).toBe(0);
  });

  it('works by keyboard: Edit, then Cancel', async () => {
    await tabTo(page, mapping.button('Edit'));
    await page.keyboard.press('Enter');
    await mapping.button('Cancel').waitFor();
    await tabTo(page, mapping.button('Cancel'));
    expect(await isFocused(mapping.button('Cancel'))).toBe(true);
    await page.keyboard.press('Enter');
    await mapping.button('Edit').waitFor();
  });

  it('shows the same mapping in the CRM Data tab of /connections', async () => {
    await page.goto('/connections');
    await page.getByRole('tab', { name: 'CRM Data' }).click();
    await page.getByText(BANNER).waitFor();
    await page.getByTestId('crm-mapping-table').locator(`tr[data-row="${fieldName}"]`).waitFor();
  });

  it(`fits a phone (${PHONE_WIDTH} px) and stays accessible`, async () => {
    const phone = await newPage(browser, { width: PHONE_WIDTH });
    await signIn(phone.context, account.email, account.password);
    const small = new CrmDataPage(phone.page);
    await small.open();
    await phone.page.waitForLoadState('networkidle');
    expect(await phone.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      PHONE_WIDTH,
    );
    await expectAccessible(phone.page, `the CRM data mapping at ${PHONE_WIDTH} px`);
    await snapshot(phone.page, 'crm-data-phone');
    await phone.context.close();
  });
});
