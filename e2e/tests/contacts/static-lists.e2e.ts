import { personCreateContract } from '@meridian/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInAsDemoAdmin } from '../../pages/session';
import { StaticListPage, StaticListsPage } from '../../pages/static-lists.page';
import { callApi } from '../../support/api';
import { launchBrowser, newPage, snapshot } from '../../support/browser';

describe('a static list, filled from a CSV file and emptied', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const run = Date.now();
  const name = `Webinar ${run}`;
  const emails = [1, 2, 3].map((n) => `member${n}.${run}@e2e.meridian.dev`);

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    const token = await signInAsDemoAdmin(context);
    // The contacts a list can hold exist in the contact database first.
    for (const email of emails) {
      const created = await callApi(personCreateContract, { email }, token);
      expect(created.status).toBe(200);
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('creates a static list and opens it', async () => {
    const lists = new StaticListsPage(page);
    await lists.goto();
    await lists.create(name);
    const list = new StaticListPage(page);
    await list.waitFor(name);
    await page.getByText('No contacts in this list').waitFor();
  });

  it('adds the matching contacts of a CSV file', async () => {
    const list = new StaticListPage(page);
    const dialog = await list.addFromCsv(`email\n${emails.join('\n')}\nnobody.${run}@e2e.meridian.dev\n`);
    await dialog.getByText('3 of 4 matched to your contact database').waitFor();
    await snapshot(page, 'static-list-match');
    await dialog.getByRole('button', { name: 'Add to list' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('3 contacts added').waitFor();
    for (const email of emails) await list.row(email).waitFor();
    await snapshot(page, 'static-list-detail');
    // At phone width the members' table scrolls inside its card; the page itself does not.
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.setViewportSize(size);
  });

  it('removes the selected contacts', async () => {
    const list = new StaticListPage(page);
    await list.select(emails[0]!);
    await list.removeSelected();
    await list.row(emails[0]!).waitFor({ state: 'detached' });
    await list.row(emails[1]!).waitFor();
  });

  it("removes one contact from its row's button", async () => {
    const list = new StaticListPage(page);
    await list.removeOne(emails[1]!);
    await list.row(emails[1]!).waitFor({ state: 'detached' });
    await list.row(emails[2]!).waitFor();
  });

  it('clears the list', async () => {
    const list = new StaticListPage(page);
    await list.clear();
    await page.getByText('No contacts in this list').waitFor();
  });

  it('renames and deletes the list from the overview', async () => {
    const lists = new StaticListsPage(page);
    await lists.goto();
    await lists.search(name);
    await lists.row(name).waitFor();
    await lists.rename(name, `${name} renamed`);
    await lists.row(`${name} renamed`).waitFor();
    await snapshot(page, 'static-lists');
    await lists.delete(`${name} renamed`);
    await page.getByText('No static lists').waitFor();
  });
});
