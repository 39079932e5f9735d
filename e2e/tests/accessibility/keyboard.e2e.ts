import { personCreateContract, staticListCreateContract, templateCreateContract } from '@meridian/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInAsDemoAdmin } from '../../pages/session';
import { StaticListPage } from '../../pages/static-lists.page';
import { callApi, uniqueSuffix } from '../../support/api';
import { launchBrowser, newPage } from '../../support/browser';
import {
  describeFocus,
  isFocused,
  pressUntilFocused,
  tabTo,
  waitForFocusWithin,
} from '../../support/keyboard';

describe('the keyboard alone', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const run = uniqueSuffix();
  const template = `Keyboard ${run}`;
  const email = `keys.${run}@e2e.meridian.dev`;
  let personId: string;
  let listId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    const token = await signInAsDemoAdmin(context);
    const created = await callApi(
      templateCreateContract,
      { name: template, template_type: 'advanced', content: '<p>Hi</p>' },
      token,
    );
    expect(created.status).toBe(200);
    const person = await callApi(personCreateContract, { email }, token);
    expect(person.status).toBe(200);
    personId = (person.body as { person_id: string }).person_id;
    const list = await callApi(staticListCreateContract, { name: `Keys ${run}` }, token);
    expect(list.status).toBe(200);
    listId = (list.body as { static_list: { static_list_id: string } }).static_list.static_list_id;
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('skips the navigation with the first Tab', async () => {
    await page.goto('/templates');
    await page.getByRole('heading', { name: 'Emails' }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await isFocused(skip)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await isFocused(page.locator('#main-content'))).toBe(true);
  });

  it('opens an email from the list', async () => {
    await page.goto('/templates');
    await tabTo(page, page.getByLabel('Search email templates'));
    await page.keyboard.type(template);
    await tabTo(page, page.getByRole('row').filter({ hasText: template }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/template\/edit\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: template }).waitFor();
  });

  it('returns the focus to the row menu after a dialog the menu opened', async () => {
    await page.goto('/templates');
    await tabTo(page, page.getByLabel('Search email templates'));
    // The list refetches 1 s after the last key and redraws its rows: open the menu after that,
    // or the focus has no row menu to return to.
    // The searched page's own answer (the first page's may still be on its way when typing starts).
    const searched = page.waitForResponse(
      (response) =>
        response.url().includes('/templates/list') &&
        (response.request().postData() ?? '').includes(template),
    );
    await page.keyboard.type(template);
    await searched;
    const actions = page.getByRole('button', { name: `Actions for ${template}` });
    await tabTo(page, actions);
    await page.keyboard.press('Enter');
    await pressUntilFocused(page, 'ArrowDown', page.getByRole('menuitem', { name: 'Rename' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Rename email' });
    await dialog.waitFor();
    await waitForFocusWithin(dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await waitForFocus(actions);
  });

  it('returns the focus to the page menu after a dialog one of its items opened', async () => {
    await page.goto('/contacts');
    const actions = page.getByRole('button', { name: 'Actions' });
    await tabTo(page, actions);
    await page.keyboard.press('Enter');
    await pressUntilFocused(page, 'ArrowDown', page.getByRole('menuitem', { name: 'Import Contacts' }));
    await page.keyboard.press('Enter');
    const importing = page.getByRole('dialog');
    await importing.waitFor();
    await waitForFocusWithin(importing);
    await page.keyboard.press('Escape');
    await importing.waitFor({ state: 'hidden' });
    await waitForFocus(actions);

    await page.goto(`/lists/static-list/${listId}`);
    const add = page.getByRole('button', { name: 'Add contacts' });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    await pressUntilFocused(
      page,
      'ArrowDown',
      page.getByRole('menuitem', { name: 'From a dynamic list query' }),
    );
    await page.keyboard.press('Enter');
    const query = page.getByRole('dialog');
    await query.waitFor();
    await waitForFocusWithin(query);
    await page.keyboard.press('Escape');
    await query.waitFor({ state: 'hidden' });
    await waitForFocus(add);
  });

  it('chooses the editor of a new email with the arrow keys and moves the focus between the steps', async () => {
    await page.goto('/templates');
    await tabTo(page, page.getByRole('button', { name: 'New Email' }).first());
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: 'New Email' });
    await details.getByLabel('Name').waitFor();
    await page.keyboard.type(`Steps ${run}`);
    const visual = details.getByRole('radio', { name: /Visual editor/ });
    const html = details.getByRole('radio', { name: /HTML editor/ });
    await tabTo(page, visual, 5);
    await page.keyboard.press('ArrowRight');
    expect(await html.isChecked()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await visual.isChecked()).toBe(true);
    await tabTo(page, details.getByRole('button', { name: 'Next' }), 5);
    await page.keyboard.press('Enter');
    const gallery = page.getByRole('dialog', { name: 'Templates' });
    await waitForFocus(gallery.getByRole('button', { name: 'Blank', exact: true }));
    await tabTo(page, gallery.getByRole('button', { name: 'Back' }), 20);
    await page.keyboard.press('Enter');
    await waitForFocus(page.getByRole('radio', { name: /Visual editor/ }));
    await page.keyboard.press('Escape');
  });

  it('opens a contact from the contact database', async () => {
    await page.goto('/contacts');
    await tabTo(page, page.getByLabel('Search contacts'));
    await page.keyboard.type(email);
    await tabTo(page, page.getByRole('row').filter({ hasText: email }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/contacts/${personId}`);
  });

  it("opens a static list's member", async () => {
    await page.goto(`/lists/static-list/${listId}`);
    const list = new StaticListPage(page);
    const dialog = await list.addFromCsv(`email\n${email}\n`);
    await dialog.getByRole('button', { name: 'Add to list' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.goto(`/lists/static-list/${listId}`);
    await tabTo(page, list.row(email));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/contacts/${personId}`);
  });

  /** Focus moves after a transition: poll for it rather than sample once; fails saying what has it. */
  async function waitForFocus(target: ReturnType<Page['locator']>): Promise<void> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      if ((await target.count()) > 0 && (await isFocused(target))) return;
      await page.waitForTimeout(100);
    }
    throw new Error(`${target.toString()} never got the focus; ${await describeFocus(page)} has it`);
  }
});
