import { personLookupContract, staticListCreateContract } from '@meridian/contracts';
import { eventually } from '@meridian/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SalesforcePage } from '../../pages/salesforce.page';
import { signIn } from '../../pages/session';
import { callApi, newAccount, registerVerifiedAccount, uniqueSuffix } from '../../support/api';
import { expectAccessible } from '../../support/axe';
import { launchBrowser, newPage, snapshot } from '../../support/browser';
import { isFocused, tabTo } from '../../support/keyboard';
import { salesforceOrg, salesforceUrl } from '../../support/salesforce';

const PHONE_WIDTH = 390;

/**
 * Connecting Salesforce end to end against the fake org e2e/run.mjs starts: the creation modal
 * from the Add Connections dialog, the real OAuth round trip, the setup wizard with the
 * recommended settings, start / pause / resume, the Sync settings tab and disconnecting.
 */
describe('connecting Salesforce through OAuth and setting it up', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let salesforce: SalesforcePage;
  let token: string;
  let connectionPath = '';
  const account = newAccount('sfconnect');
  const run = uniqueSuffix();
  const contactEmail = `grace.${run}@sf.e2e.meridian.dev`;
  const leadEmail = `alan.${run}@sf.e2e.meridian.dev`;

  beforeAll(async () => {
    await registerVerifiedAccount(account);
    await salesforceOrg.seed('Contact', [{ FirstName: 'Grace', LastName: 'Hopper', Email: contactEmail }]);
    await salesforceOrg.seed('Lead', [
      { FirstName: 'Alan', LastName: 'Turing', Company: 'Bletchley', Email: leadEmail },
    ]);
    browser = await launchBrowser();
    // The login page of Salesforce is the one other origin this test visits.
    ({ context, page } = await newPage(browser, { allowOrigins: [salesforceUrl] }));
    token = await signIn(context, account.email, account.password);
    salesforce = new SalesforcePage(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('creates the connection from the Add Connections dialog and logs in to Salesforce', async () => {
    await page.goto('/connections');
    await page.getByRole('button', { name: 'Add New Connection' }).click({ timeout: 60_000 });
    const dialog = page.getByRole('dialog', { name: 'Add Connections' });
    await dialog.getByRole('button', { name: 'Salesforce' }).click();
    await dialog.getByRole('button', { name: 'Next: Enter Connection Details' }).click();

    const modal = salesforce.createModal;
    await modal.getByText('Setting up Salesforce takes about 10-15 minutes.').waitFor();
    await modal.getByRole('button', { name: 'Save and login to Salesforce' }).click();
    await modal.getByText('Confirm that you have administrator access to Salesforce').waitFor();
    await expectAccessible(page, 'the Salesforce creation modal with its errors', '[role="dialog"]');
    await modal.getByLabel('I have administrator access to Salesforce').check();
    await modal.getByLabel('My Salesforce edition has API access').check();
    await modal.getByLabel(/Connection name/).fill(`Acme ${run}`);
    await modal.getByRole('button', { name: 'Save and login to Salesforce' }).click();

    // Salesforce authorizes and sends the browser back with a code: the page finishes the login.
    // The exchange calls the peer, which shares the runner's process: slow under a loaded CI.
    const connected = page.getByText('Successfully Connected! Redirecting...');
    const failed = page.getByRole('main').getByRole('alert');
    await connected.or(failed).first().waitFor({ timeout: 90_000 });
    if ((await failed.count()) > 0)
      throw new Error(`the Salesforce login failed: ${await failed.first().innerText()}`);
    await page.waitForURL(/\/salesforce\/[^/?]+$/, { timeout: 30_000 });
    connectionPath = new URL(page.url()).pathname;
    const step1 = salesforce.wizard('Permissions and access');
    await step1.waitFor();
    await step1.getByText('Read and write access to Leads').waitFor();
    await step1.getByText('Read and write access to Contacts').waitFor();
    await step1.getByRole('button', { name: 're-check permissions' }).click();
    await step1.getByText('Read and write access to Leads').waitFor();
    await expectAccessible(page, 'the permissions step', '[role="dialog"]');
    await snapshot(page, 'salesforce-permissions');
  });

  it('runs the wizard with the recommended settings and starts the sync', async () => {
    await salesforce.wizard('Permissions and access').getByRole('button', { name: 'Proceed' }).click();
    const step2 = salesforce.wizard('Objects and API allocation');
    await step2.getByLabel('API allocation').fill('4000');
    await step2.getByRole('button', { name: 'Next' }).click();
    const step3 = salesforce.wizard('Sync settings');
    await step3.getByText('Recommended Settings').waitFor();
    await expectAccessible(page, 'the summary step', '[role="dialog"]');
    await step3.getByRole('button', { name: 'Start Sync' }).click();
    // A new connection has no source for the email key yet: the override step comes first.
    const override = salesforce.wizard('Override the email mapping');
    await override.getByText('Note: Auto mapping fields would overwrite your current mapping').waitFor();
    await override.getByRole('button', { name: 'Override and continue' }).click();
    await salesforce.wizard('Start Sync Now?').getByRole('button', { name: 'Start Sync Now' }).click();
    await salesforce.toast('Setup completed successfully').waitFor();
    await salesforce.button('Pause sync').waitFor();
    await snapshot(page, 'salesforce-started');

    // The first run pulls the org's contact and lead into people, with their mapped names.
    await eventually(
      async () => {
        for (const [email, first] of [
          [contactEmail, 'Grace'],
          [leadEmail, 'Alan'],
        ] as const) {
          const found = await callApi(personLookupContract, { email, campaign_context: 'person' }, token);
          const rows = (found.body as { rows: Array<{ email: string; first_name: string | null }> }).rows;
          expect(rows.map((row) => [row.email, row.first_name])).toEqual([[email, first]]);
        }
        return true;
      },
      { timeoutMs: 120_000, intervalMs: 2000, what: 'the seeded contact and lead as people' },
    );
  });

  it('pauses with a confirmation and resumes from the banner, by keyboard too', async () => {
    await tabTo(page, salesforce.button('Pause sync'));
    await page.keyboard.press('Enter');
    const confirm = salesforce.wizard('Pause sync?');
    await confirm.waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    // The dialog hands the focus back once its closing transition ends, a moment after it hides.
    await eventually(async () => ((await isFocused(salesforce.button('Pause sync'))) ? true : undefined), {
      timeoutMs: 5_000,
      what: "the focus back on 'Pause sync'",
    });

    await salesforce.button('Pause sync').click();
    await confirm.getByRole('button', { name: 'Pause sync' }).click();
    await salesforce.toast('Sync Successfully Paused').waitFor();
    await salesforce.pausedBanner.waitFor();
    await expectAccessible(page, 'the paused Salesforce page');
    await snapshot(page, 'salesforce-paused');
    await salesforce.pausedBanner.getByRole('button', { name: 'Resume sync' }).click();
    await salesforce.toast('Sync resumed successfully').waitFor();
    await salesforce.pausedBanner.waitFor({ state: 'hidden' });
    await salesforce.button('Pause sync').waitFor();
  });

  it('saves the Sync settings: general, Salesforce to Meridian and Meridian to Salesforce', async () => {
    await salesforce.openSettings('General Settings');
    await page.getByLabel('API allocation').fill('3500');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await salesforce.toast('Settings updated successfully').waitFor();

    await salesforce.openSettings('Salesforce to Meridian');
    await page.getByLabel('Selective sync of Leads').check();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await salesforce.choose('Checkbox field of Leads', 'Email Opt Out (HasOptedOutOfEmail)');
    expect(await save.isEnabled()).toBe(true);
    await expectAccessible(page, 'the Salesforce to Meridian settings');
    await save.click();
    await salesforce.toast('Updated sync successfully').waitFor();

    const list = await callApi(staticListCreateContract, { name: `Salesforce push ${run}` }, token);
    expect(list.status).toBe(200);
    await salesforce.openSettings('Meridian to Salesforce');
    await page.getByLabel('People in a static list').check();
    await salesforce.choose('Static list', `Salesforce push ${run}`);
    await page.getByRole('button', { name: 'Save inclusion list' }).click();
    await salesforce.toast('Updated Inclusion List Successfully').waitFor();
    // Creating people Salesforce lacks: switched on, then made contacts rather than leads. Both
    // show the saved state, so they change once the service has answered.
    const createSwitch = page.getByLabel('Create records in Salesforce for people it does not have yet');
    await createSwitch.click({ force: true });
    await eventually(() => createSwitch.isChecked(), { timeoutMs: 30_000, what: 'record creation on' });
    const asLeads = page.getByLabel('Create them as Leads');
    await eventually(() => asLeads.isEnabled(), { timeoutMs: 30_000, what: 'the object choice enabled' });
    await asLeads.click({ force: true });
    await eventually(async () => !(await asLeads.isChecked()), { timeoutMs: 30_000, what: 'leads unchosen' });
    expect(await page.getByLabel('Create them as Contacts').isChecked()).toBe(true);
    await expectAccessible(page, 'the Meridian to Salesforce settings');
    await snapshot(page, 'salesforce-settings');

    // What was saved is what the page shows after a reload.
    await page.reload();
    await salesforce.waitFor();
    await salesforce.openSettings('Salesforce to Meridian');
    expect(await page.getByLabel('Selective sync of Leads').isChecked()).toBe(true);
    await salesforce.openSettings('Meridian to Salesforce');
    expect(await page.getByLabel('People in a static list').isChecked()).toBe(true);
    expect(
      await page.getByLabel('Create records in Salesforce for people it does not have yet').isChecked(),
    ).toBe(true);
    expect(await page.getByLabel('Create them as Leads').isChecked()).toBe(false);
  });

  it(`fits a phone (${PHONE_WIDTH} px) and stays accessible`, async () => {
    const phone = await newPage(browser, { width: PHONE_WIDTH });
    await signIn(phone.context, account.email, account.password);
    const small = new SalesforcePage(phone.page);
    await phone.page.goto(connectionPath);
    await small.waitFor();
    await small.syncSwitch.waitFor();
    await phone.page.waitForLoadState('networkidle');
    expect(await phone.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      PHONE_WIDTH,
    );
    await expectAccessible(phone.page, `the Salesforce page at ${PHONE_WIDTH} px`);
    await snapshot(phone.page, 'salesforce-phone');
    await phone.context.close();
  });

  it('disconnects and lands on the CRM data mapping', async () => {
    await page.goto(connectionPath);
    await salesforce.waitFor();
    await salesforce.button('Disconnect').click();
    const modal = salesforce.wizard('Disconnect Salesforce');
    await expectAccessible(page, 'the Disconnect Salesforce modal', '[role="dialog"]');
    await modal.getByRole('button', { name: 'Disconnect' }).click();
    await salesforce.toast('Connection deleted successfully').waitFor();
    await page.waitForURL(/\/crm-data$/);
    // Only one connection is allowed; with none left, a new one can be added again.
    await page.goto('/salesforce');
    await page.getByText('Salesforce is not connected').waitFor({ timeout: 60_000 });
  });
});
