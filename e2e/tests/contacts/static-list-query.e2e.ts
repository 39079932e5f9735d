import {
  personCreateContract,
  staticListCreateContract,
  staticListQueryInsertContract,
} from '@meridian/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AudienceQueryDialog } from '../../pages/audience-query.dialog';
import { signInAsDemoAdmin } from '../../pages/session';
import { StaticListPage } from '../../pages/static-lists.page';
import { callApi, uniqueSuffix } from '../../support/api';
import { expectAccessible } from '../../support/axe';
import { launchBrowser, newPage, snapshot, waitForExpression } from '../../support/browser';

/**
 * A static list filled from a dynamic list query of three kinds: a person field, a list
 * membership and a marketing activity (never opened an email: frequency exactly 0).
 */
describe('a static list, filled from a dynamic list query', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const run = uniqueSuffix();
  const emails = [1, 2, 3].map((n) => `query${n}.${run}@e2e.meridian.dev`);
  const source = `Query source ${run}`;
  const target = `Query target ${run}`;
  let targetId = '';

  const createList = async (name: string) => {
    const created = await callApi(staticListCreateContract, { name }, token);
    expect(created.status).toBe(200);
    return (created.body as { static_list: { static_list_id: string } }).static_list.static_list_id;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    token = await signInAsDemoAdmin(context);
    for (const email of emails)
      expect((await callApi(personCreateContract, { email }, token)).status).toBe(200);
    // The source list holds the first two, put there by query as another client would.
    const sourceId = await createList(source);
    const filled = await callApi(
      staticListQueryInsertContract,
      {
        static_list_id: sourceId,
        query: {
          conditions: [
            {
              type: 'group',
              name: 'First two',
              connector: '',
              children: [
                {
                  type: 'filter',
                  filter_type: 'person',
                  filter: 'email',
                  operator: 'in',
                  value: emails.slice(0, 2),
                  connector: '',
                },
              ],
            },
          ],
        },
      },
      token,
    );
    expect(filled).toMatchObject({ status: 200, body: { inserted: 2 } });
    targetId = await createList(target);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens the query dialog from the list, accessible when empty', async () => {
    await page.goto(`/lists/static-list/${targetId}`);
    await new StaticListPage(page).waitFor(target);
    await page.getByRole('button', { name: 'Add contacts' }).click();
    await page.getByRole('menuitem', { name: 'From a dynamic list query' }).click();
    const dialog = new AudienceQueryDialog(page);
    await dialog.root.getByText('No groups yet').waitFor();
    await expectAccessible(page, 'the empty dynamic list query dialog', '[role="dialog"]');
  });

  it('shows the spec messages at their rows before anything is sent', async () => {
    const dialog = new AudienceQueryDialog(page);
    await dialog.root.getByRole('button', { name: 'Add to list' }).click();
    await dialog.root.getByText('Dynamic List is empty').waitFor();
    await dialog.addGroup('Quiet members');
    await dialog.root.getByRole('button', { name: 'Refresh' }).click();
    await dialog.group('Quiet members').getByText('Outer group cannot be empty').waitFor();
    await dialog.root.getByText('Some fields are invalid').waitFor();
    await snapshot(page, 'static-list-query-errors');
  });

  it('builds a query of three kinds and counts it', async () => {
    const dialog = new AudienceQueryDialog(page);
    const group = 'Quiet members';
    await dialog.addFilter(group, 'Person field');
    await dialog.choose(`Field of filter 1 of ${group}`, 'Email');
    await dialog.choose(`Operator of filter 1 of ${group}`, 'contains');
    await dialog.fill(`Value of filter 1 of ${group}`, run);

    await dialog.addFilter(group, 'List membership');
    await dialog.choose(`Lists of filter 2 of ${group}`, source);
    await page.keyboard.press('Escape');

    await dialog.addFilter(group, 'Marketing activity');
    await dialog.choose(`Email event of filter 3 of ${group}`, 'Opened');
    await dialog.root.getByRole('button', { name: 'Frequency' }).click();
    await dialog
      .group(group)
      .getByRole('textbox', { name: `Times of frequency 1 of filter 3 of ${group}` })
      .waitFor();

    await dialog.root.getByRole('button', { name: 'Refresh' }).click();
    await dialog.root.getByText('2 contacts selected').waitFor();
    await expectAccessible(page, 'the built dynamic list query', '[role="dialog"]');
    await snapshot(page, 'static-list-query');
  });

  it('previews the people the query selects', async () => {
    const dialog = new AudienceQueryDialog(page);
    await dialog.root.getByRole('button', { name: 'Preview' }).click();
    await dialog.root.getByText('Previewing 2 of 2 people').waitFor();
    for (const email of emails.slice(0, 2))
      await dialog.root.getByRole('row', { name: new RegExp(email) }).waitFor();
    await expectAccessible(page, 'the dynamic list preview', '[role="dialog"]');
    await snapshot(page, 'static-list-query-preview');
    await dialog.root.getByRole('button', { name: 'Back to the query' }).click();
  });

  it('adds them to the list, closes and refreshes it', async () => {
    const dialog = new AudienceQueryDialog(page);
    await dialog.root.getByRole('button', { name: 'Add to list' }).click();
    await dialog.root.waitFor({ state: 'hidden' });
    await page.getByText('2 contacts added').waitFor();
    const list = new StaticListPage(page);
    for (const email of emails.slice(0, 2)) await list.row(email).waitFor();
    expect(await list.row(emails[2]!).count()).toBe(0);
  });
});

describe('the dynamic list query dialog on a phone', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    let context: BrowserContext;
    ({ context, page } = await newPage(browser, { width: 390 }));
    const token = await signInAsDemoAdmin(context);
    const created = await callApi(staticListCreateContract, { name: `Phone query ${uniqueSuffix()}` }, token);
    const id = (created.body as { static_list: { static_list_id: string } }).static_list.static_list_id;
    await page.goto(`/lists/static-list/${id}`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('fits 390 px and works by keyboard', async () => {
    await page.getByRole('button', { name: 'Add contacts' }).click();
    await page.getByRole('menuitem', { name: 'From a dynamic list query' }).click();
    const dialog = new AudienceQueryDialog(page);
    await dialog.root.getByRole('button', { name: 'Add group' }).focus();
    await page.keyboard.press('Enter');
    await dialog.root.getByRole('button', { name: 'Add filter to Group 1' }).focus();
    await page.keyboard.press('Enter');
    // The menu moves focus to its first entry once it has opened: Enter then picks it.
    await waitForExpression(
      page,
      `document.activeElement?.getAttribute('role') === 'menuitem' && document.activeElement.textContent === 'Person field'`,
      'the first menu entry to take focus',
    );
    await page.keyboard.press('Enter');
    await dialog.root.getByRole('combobox', { name: 'Field of filter 1 of Group 1' }).waitFor();
    const overflow = await page.evaluate<boolean>(
      'document.documentElement.scrollWidth > document.documentElement.clientWidth',
    );
    expect(overflow).toBe(false);
    await snapshot(page, 'static-list-query-phone');
  });
});
