import {
  personGetContract,
  personLookupContract,
  personUpdateContract,
  salesforceSyncRunsListContract,
  salesforceUsageCountContract,
} from '@meridian/contracts';
import { eventually } from '@meridian/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ContactPage } from '../../pages/contacts.page';
import { SalesforceMonitorPage } from '../../pages/salesforce-health.page';
import { SalesforcePage } from '../../pages/salesforce.page';
import { signIn } from '../../pages/session';
import { newAccount, registerVerifiedAccount, uniqueSuffix } from '../../support/api';
import { expectAccessible } from '../../support/axe';
import { launchBrowser, newPage, snapshot } from '../../support/browser';
import { salesforceOrg } from '../../support/salesforce';
import { afterSalesforceRuns, connectSalesforce, ok } from '../../support/salesforce-connect';

// A run starts on the minute's tick, and a change reaches the push queue on the campaign
// service's minute sweep: waits are bounded generously, never measured.
const SYNC_WAIT = { timeoutMs: 240_000, intervalMs: 2_000 };
const PEOPLE = 3;

interface Usage {
  count: number;
  max_allocated: number;
  deferred_calls: number;
  queued: number;
}

/**
 * Both directions beyond the push: a contact changed in Salesforce shows its new value on the
 * contact's page, and an allocation set below what the work needs defers that work, which Sync
 * settings (usage, deferred, waiting people) and Sync history (the run's deferred count) show.
 */
describe('Salesforce two-way sync and the API budget', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let connectionId: string;
  let sfIds: string[];
  let personIds: string[];
  const account = newAccount('sf-two-way');
  const suffix = uniqueSuffix();
  const emails = Array.from({ length: PEOPLE }, (_, i) => `ada${i}.${suffix}@sf-two-way.example`);

  beforeAll(async () => {
    await registerVerifiedAccount(account);
    sfIds = await salesforceOrg.seed(
      'Contact',
      emails.map((email, i) => ({
        FirstName: 'Ada',
        LastName: `Byron ${i} ${suffix}`,
        Email: email,
        Title: 'Analyst',
      })),
    );
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    token = await signIn(context, account.email, account.password);
    connectionId = await connectSalesforce(token, `Two way ${suffix}`);
    personIds = await eventually(
      async () => {
        const ids: string[] = [];
        for (const email of emails) {
          const found = (await ok(personLookupContract, { email, campaign_context: 'person' }, token)) as {
            rows: { id: string }[];
          };
          if (!found.rows[0]) return undefined;
          ids.push(found.rows[0].id);
        }
        return ids;
      },
      { ...SYNC_WAIT, what: 'the Salesforce contacts to arrive as people' },
    );
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("shows a contact's field changed in Salesforce on the contact's page", async () => {
    const contact = new ContactPage(page);
    const newTitle = `Chief Analyst ${suffix}`;
    await page.goto(`/contacts/${personIds[0]}`);
    await contact.fieldValue('title').getByText('Analyst', { exact: true }).waitFor({ timeout: 60_000 });

    await salesforceOrg.edit('Contact', sfIds[0]!, { Title: newTitle });
    // The product's page is the check: reloaded until a run has brought the new value in.
    await afterSalesforceRuns(
      token,
      connectionId,
      async () => {
        await page.reload();
        await contact.waitForContact(emails[0]!);
        const field = contact.fieldValue('title').getByText(newTitle, { exact: true });
        return field.waitFor({ timeout: 10_000 }).then(
          () => true,
          () => false,
        );
      },
      'the title changed in Salesforce on the contact page',
    );
    await expectAccessible(page, 'the contact page after a pull');
    await snapshot(page, 'salesforce-pulled-contact');
  }, 420_000);

  it('defers work over the API allocation and shows the usage, the queue and the deferred run', async () => {
    const salesforce = new SalesforcePage(page);
    await salesforce.open(connectionId);
    await salesforce.openSettings('General Settings');
    const usageLine = page.getByTestId('salesforce-api-usage');
    await usageLine.getByText(/API calls today: [\d,]+ of [\d,]+ allocated/).waitFor({ timeout: 30_000 });
    // One call a day: the runs so far used more, so every further call must wait.
    await page.getByLabel('API allocation').fill('1');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await salesforce.toast('Settings updated successfully').waitFor();

    // Work for Salesforce: several people changed in the product, to be pushed.
    for (const personId of personIds) {
      await ok(
        personUpdateContract,
        { person_id: personId, default_fields: { title: `Lead ${suffix}` } },
        token,
      );
    }
    // The org is shared by every Salesforce file, so the queue may also hold other people's
    // exports, late ones included; they leave at the next run (nothing to push), these people's
    // changes wait for the allocation. So the count must hold after a run that started since it
    // was first seen (the runs are read before the count, so a run that ends in between counts).
    let seenAt: number | null = null;
    const usage = await afterSalesforceRuns(
      token,
      connectionId,
      async () => {
        const runs = (await ok(
          salesforceSyncRunsListContract,
          { connection_id: connectionId, should_include_empty_runs: true, page_number: 1, page_size: 10 },
          token,
        )) as { runs: { state: string; start_time: string }[] };
        const now = (await ok(salesforceUsageCountContract, { connection_id: connectionId }, token)) as Usage;
        if (!(now.max_allocated === 1 && now.deferred_calls > 0 && now.queued >= PEOPLE)) {
          seenAt = null;
          return false;
        }
        const since = (seenAt ??= Date.now());
        return runs.runs.some((run) => run.state === 'finished' && Date.parse(run.start_time) > since) && now;
      },
      'deferred calls and the changed people waiting to sync',
    );
    expect(usage.count).toBeGreaterThan(usage.max_allocated);
    // Nothing of the work reached Salesforce while the allocation is spent.
    for (const id of sfIds)
      expect((await salesforceOrg.record('Contact', id))?.Title).not.toBe(`Lead ${suffix}`);

    await page.reload();
    await salesforce.openSettings('General Settings');
    await usageLine.getByText(/API calls today: [\d,]+ of 1 allocated/).waitFor({ timeout: 30_000 });
    const text = (await usageLine.textContent()) ?? '';
    const deferredShown = Number(/deferred: ([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? '0');
    const queuedShown = Number(/people waiting to sync: ([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? '0');
    expect(deferredShown).toBeGreaterThan(0);
    if (queuedShown < PEOPLE) {
      // Seen once under load: say what the queue, the people and Salesforce held at that moment.
      const now = await ok(salesforceUsageCountContract, { connection_id: connectionId }, token);
      const titles = [];
      for (const id of personIds) {
        const person = (await ok(personGetContract, { person_id: id }, token)) as {
          person: { default_fields: { name: string; value: unknown }[] };
        };
        titles.push(person.person.default_fields.find((field) => field.name === 'title')?.value);
      }
      const salesforceTitles = [];
      for (const id of sfIds) salesforceTitles.push((await salesforceOrg.record('Contact', id))?.Title);
      throw new Error(
        `The page showed ${queuedShown} people waiting, the API ${usage.queued} before and ${JSON.stringify(now)} now; ` +
          `titles in the product ${JSON.stringify(titles)}, in Salesforce ${JSON.stringify(salesforceTitles)}`,
      );
    }
    await expectAccessible(page, 'the General Settings with the API usage');
    await snapshot(page, 'salesforce-budget-usage');

    await eventually(
      async () => {
        const runs = (await ok(
          salesforceSyncRunsListContract,
          { connection_id: connectionId, should_include_empty_runs: false, page_number: 1, page_size: 10 },
          token,
        )) as { runs: { state: string; deferred_count: number }[] };
        return runs.runs.some((run) => run.state === 'finished' && run.deferred_count > 0);
      },
      { ...SYNC_WAIT, what: 'a finished run with deferred work' },
    );
    const monitor = new SalesforceMonitorPage(page);
    await monitor.open();
    await monitor.tab('Sync history').click();
    // Newest first: once the allocation is spent, every later run defers too.
    const row = monitor.runsTable.getByRole('row').filter({ hasText: 'finished' }).first();
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: /^Run details, / }).click();
    const details = page.getByTestId('run-details');
    await details.getByText(/[\d,]+ deferred until the API allocation allows/).waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'the Sync history with a deferred run');
    await snapshot(page, 'salesforce-budget-history');
  }, 420_000);
});
