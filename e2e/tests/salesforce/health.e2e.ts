import {
  personLookupContract,
  personUpdateContract,
  salesforceErrorsListContract,
  salesforcePersonRecordsContract,
  salesforceSyncRunsListContract,
} from '@meridian/contracts';
import { eventually } from '@meridian/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SalesforceMonitorPage } from '../../pages/salesforce-health.page';
import { signIn } from '../../pages/session';
import { newAccount, registerVerifiedAccount, uniqueSuffix } from '../../support/api';
import { expectAccessible } from '../../support/axe';
import { launchBrowser, newPage, snapshot } from '../../support/browser';
import { isFocused, pressUntilFocused, tabTo } from '../../support/keyboard';
import { salesforceOrg } from '../../support/salesforce';
import { afterSalesforceRuns, connectSalesforce, ok } from '../../support/salesforce-connect';

const PHONE_WIDTH = 390;
// A run starts on the minute's tick, and a change reaches the push queue on the campaign
// service's minute sweep: waits are bounded generously, never measured.
const SYNC_WAIT = { timeoutMs: 240_000, intervalMs: 1_000 };

/**
 * Sync history and Sync health against the browser tier's Salesforce org: a contact pulled in, a
 * push refused for a field permission, the error class shown with its affected record, and
 * resolved by RESYNC once the permission is back; the contact page's Salesforce panel alongside.
 */
describe('Salesforce sync history and health', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let connectionId: string;
  let personId: string;
  let sfId: string;
  const account = newAccount('sf-health');
  const suffix = uniqueSuffix();
  const email = `morgan.${suffix}@sf-health.example`;
  const monitor = () => new SalesforceMonitorPage(page);

  beforeAll(async () => {
    await registerVerifiedAccount(account);
    [sfId] = await salesforceOrg.seed('Contact', [
      { FirstName: 'Morgan', LastName: `Lee ${suffix}`, Email: email, Title: 'Engineer' },
    ]);
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    token = await signIn(context, account.email, account.password);
    connectionId = await connectSalesforce(token, `Health ${suffix}`);
    personId = await eventually(
      async () => {
        const found = (await ok(personLookupContract, { email, campaign_context: 'person' }, token)) as {
          rows: { id: string }[];
        };
        return found.rows[0]?.id;
      },
      { ...SYNC_WAIT, what: 'the Salesforce contact to arrive as a person' },
    );
  }, 300_000);

  afterAll(async () => {
    await salesforceOrg
      .setFieldAccess('Contact', 'Title', { readable: true, editable: true })
      .catch(() => undefined);
    await browser?.close();
  });

  it('shows the run that brought the contact in, with its details on hover', async () => {
    await eventually(
      async () => {
        const runs = (await ok(
          salesforceSyncRunsListContract,
          { connection_id: connectionId, should_include_empty_runs: false, page_number: 1, page_size: 10 },
          token,
        )) as { runs: { state: string }[] };
        return runs.runs.some((run) => run.state === 'finished');
      },
      { ...SYNC_WAIT, what: 'a finished run' },
    );
    await monitor().open();
    await monitor().tab('Sync history').click();
    const row = monitor().runsTable.getByRole('row').filter({ hasText: 'finished' }).first();
    await row.waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: 'Sync details' }).getByText('Last completed').waitFor();
    await row.hover();
    const details = page.getByTestId('run-details');
    await details.getByText('Salesforce to Meridian').waitFor();
    await details.getByText('Meridian to Salesforce').waitFor();
    await page.mouse.move(0, 0);
    await details.waitFor({ state: 'hidden' });

    await page.getByRole('switch', { name: 'Hide empty runs' }).click({ force: true });
    await row.waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'the Sync history tab');
    await snapshot(page, 'salesforce-sync-history');
  });

  it('groups a push refused for a field permission under its error class, with the affected record', async () => {
    await salesforceOrg.setFieldAccess('Contact', 'Title', { readable: true, editable: false });
    await ok(personUpdateContract, { person_id: personId, default_fields: { title: 'Director' } }, token);
    await afterSalesforceRuns(
      token,
      connectionId,
      async () => {
        const list = (await ok(
          salesforceErrorsListContract,
          { connection_id: connectionId, error_type: 'field_permission', page_number: 1, page_size: 10 },
          token,
        )) as { errors: unknown[] };
        return list.errors.length > 0;
      },
      'the field permission error',
    );

    await monitor().open();
    await monitor().tab('Sync health').click();
    const row = monitor().errorRow('field_permission');
    await row.getByText('Salesforce field permission').first().waitFor({ timeout: 30_000 });
    await row.getByText(/required Salesforce field permissions/).waitFor();
    await page.getByRole('tab', { name: 'Salesforce field permission' }).click();
    await row.waitFor();

    await row.getByRole('button', { name: /affected records of Salesforce field permission/ }).click();
    const dialog = monitor().dialog('Affected records: Salesforce field permission');
    await dialog
      .getByText(/Unable to create\/update fields: Title/)
      .first()
      .waitFor({ timeout: 30_000 });
    const product = dialog.getByRole('link', { name: /in Meridian$/ }).first();
    expect(await product.getAttribute('href')).toBe(`/contacts/${personId}`);
    const inSalesforce = dialog.getByRole('link', { name: /in Salesforce/ }).first();
    expect(await inSalesforce.getAttribute('href')).toMatch(new RegExp(`/${sfId}$`));
    await expectAccessible(page, 'the affected-records modal', '[role="dialog"]');
    await dialog.getByRole('textbox', { name: 'Search records' }).fill(`nobody-${suffix}`);
    await dialog.getByText('No entries exist').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expectAccessible(page, 'the Sync health tab');
    await snapshot(page, 'salesforce-sync-health');
  }, 420_000);

  it("shows 'Sync error' on the contact's Salesforce panel", async () => {
    await page.goto(`/contacts/${personId}`);
    await page.getByRole('tab', { name: 'Salesforce Sync' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Salesforce Sync' });
    await panel.getByTestId('sf-person-records').getByText(sfId).waitFor({ timeout: 30_000 });
    await panel.getByText('Selected').waitFor();
    const badge = panel.getByRole('button', { name: 'Sync error' });
    await badge.waitFor();
    await tabTo(page, badge);
    await page
      .getByRole('tooltip')
      .getByText(/Unable to create\/update fields: Title/)
      .waitFor();
    await expectAccessible(page, 'the contact page Salesforce panel');
  });

  it('resolves the error class by RESYNC once the permission is back, and the change reaches Salesforce', async () => {
    await salesforceOrg.setFieldAccess('Contact', 'Title', { readable: true, editable: true });
    await monitor().open();
    await monitor().tab('Sync health').click();
    const row = monitor().errorRow('field_permission');
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('checkbox', { name: 'Select Salesforce field permission' }).check({ force: true });
    await monitor().button('RESYNC').click();
    const confirm = monitor().dialog('Resync contacts');
    await confirm.getByRole('button', { name: 'Resync' }).click();
    await monitor().toast('Contacts successfully resynced').waitFor();
    await page.getByText('No sync errors found').waitFor({ timeout: 30_000 });

    const title = await afterSalesforceRuns(
      token,
      connectionId,
      async () => (await salesforceOrg.record('Contact', sfId))?.Title === 'Director' && 'Director',
      'the resynced title in Salesforce',
    );
    expect(title).toBe('Director');
  }, 420_000);

  it('resyncs the contact from its page by keyboard', async () => {
    await page.goto(`/contacts/${personId}`);
    // Tabs take one stop of Tab; the arrows move between them.
    await tabTo(page, page.getByRole('tab', { name: 'Personal Fields' }));
    await pressUntilFocused(page, 'ArrowRight', page.getByRole('tab', { name: 'Salesforce Sync' }));
    await page.keyboard.press('Enter');
    const panel = page.getByRole('tabpanel', { name: 'Salesforce Sync' });
    await panel.getByText('Up-to-date').waitFor({ timeout: 60_000 });
    const resync = panel.getByRole('button', { name: 'Resync' });
    await tabTo(page, resync);
    expect(await isFocused(resync)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('Record succesfully scheduled to sync', { exact: true }).waitFor();
    const records = (await ok(salesforcePersonRecordsContract, { email }, token)) as {
      records: { id: string; _is_selected: boolean }[];
    };
    expect(records.records).toEqual([expect.objectContaining({ id: sfId, _is_selected: true })]);
  });

  it(`fits a phone (${PHONE_WIDTH} px) and stays accessible`, async () => {
    const phone = await newPage(browser, { width: PHONE_WIDTH });
    await signIn(phone.context, account.email, account.password);
    const small = new SalesforceMonitorPage(phone.page);
    for (const tab of ['Sync history', 'Sync health'] as const) {
      await small.open();
      await small.tab(tab).click();
      await phone.page.waitForLoadState('networkidle');
      expect(await phone.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
        PHONE_WIDTH,
      );
      await expectAccessible(phone.page, `the ${tab} tab at ${PHONE_WIDTH} px`);
    }
    await phone.page.goto(`/contacts/${personId}`);
    await phone.page.getByRole('tab', { name: 'Salesforce Sync' }).click();
    await phone.page.getByTestId('sf-person-records').waitFor();
    expect(await phone.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      PHONE_WIDTH,
    );
    await expectAccessible(phone.page, `the contact Salesforce panel at ${PHONE_WIDTH} px`);
    await snapshot(phone.page, 'salesforce-panel-phone');
    await phone.context.close();
  });
});
