import { templateCreateContract } from '@meridian/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ContactImportDialog } from '../../pages/contact-import.dialog';
import { signInAsDemoAdmin } from '../../pages/session';
import { callApi, uniqueSuffix } from '../../support/api';
import { expectAccessible } from '../../support/axe';
import { launchBrowser, newPage, snapshot } from '../../support/browser';

const PHONE_WIDTH = 390;

/** Every entry of the top navigation (spec section 2), and where it leads. */
const ENTRIES: [string, RegExp][] = [
  ['Campaigns', /\/campaigns$/],
  ['Emails', /\/templates$/],
  ['Tokens', /\/token-list$/],
  ['Static lists', /\/lists\/static-list$/],
  ['Webhooks', /\/webhooks$/],
  ['Data connections', /\/connections$/],
  ['Single sign-on', /\/sso-configuration$/],
  ['Email settings', /\/email-settings$/],
  ['Contact database', /\/contacts$/],
  ['User management', /\/users$/],
  ['Developer: captured mails', /\/dev\/mails$/],
];

describe(`on a phone (${PHONE_WIDTH} px wide)`, () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, { width: PHONE_WIDTH }));
    token = await signInAsDemoAdmin(context);
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** The page is no wider than the screen: nothing is reached only by scrolling sideways. */
  const pageWidth = () => page.evaluate<number>('document.documentElement.scrollWidth');

  it.each(ENTRIES)('reaches %s through the navigation menu', async (label, url) => {
    if (page.url() === 'about:blank') await page.goto('/campaigns');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: label, exact: true }).click();
    await page.waitForURL(url);
    await menu.waitFor({ state: 'hidden' });
    await page.getByRole('main').getByRole('heading').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE_WIDTH);
    await expectAccessible(page, `${label} at ${PHONE_WIDTH} px`);
  });

  it('offers Logout in the navigation menu, which is itself accessible', async () => {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('button', { name: 'Logout' }).waitFor();
    await expectAccessible(page, 'the navigation menu');
    await snapshot(page, 'phone-navigation');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  });

  it("keeps every action of the email editor's header on the screen", async () => {
    const name = `Phone ${uniqueSuffix()}`;
    const created = await callApi(
      templateCreateContract,
      { name, template_type: 'advanced', content: '<p>Hello</p>' },
      token,
    );
    expect(created.status).toBe(200);
    const id = (created.body as { template: { template_id: string } }).template.template_id;
    await page.goto(`/template/edit/${id}`);
    await page.getByRole('heading', { name }).waitFor();
    await page.locator('.cm-editor').waitFor();
    for (const action of ['Preview', 'Export html', 'Send test email', 'Save']) {
      const box = await page.getByRole('button', { name: action, exact: true }).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE_WIDTH);
    }
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE_WIDTH);
    await snapshot(page, 'phone-html-editor');
  });

  it("shows the CSV import's counts whole: no label cut off", async () => {
    const dialog = await ContactImportDialog.open(page);
    // Previewed only, never imported: the demo contacts stay as they are.
    const email = `phone-${uniqueSuffix()}@example.com`;
    await dialog.upload('phone.csv', `email,first_name\n${email},Ann\n${email},Ann\n`);
    await dialog.importButton().waitFor();
    const frame = await dialog.root.boundingBox();
    for (const label of ['Total', 'New', 'To update', 'Errors', 'Duplicates'] as const) {
      const tile = dialog.stat(label);
      const box = await tile.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(frame!.x + frame!.width);
      // The label fits its tile: its text is not wider than the room it has.
      const cut = await tile
        .locator('p')
        .first()
        .evaluate(
          (text) =>
            text.scrollWidth > text.clientWidth ||
            text.getBoundingClientRect().right > text.parentElement!.getBoundingClientRect().right,
        );
      expect({ label, cut }).toEqual({ label, cut: false });
    }
    await dialog.root.getByRole('button', { name: 'Cancel' }).click();
    await dialog.root.waitFor({ state: 'hidden' });
  });

  it("shows the signed-in user's name and 'You' badge whole in the users table", async () => {
    await page.goto('/users');
    const row = page.getByTestId('user-row').filter({ hasText: 'admin@demo.meridian.dev' });
    await row.waitFor();
    for (const text of ['Demo Admin', 'You']) {
      const cut = await row
        .getByText(text, { exact: true })
        .evaluate((element) => element.scrollWidth > element.clientWidth);
      expect({ text, cut }).toEqual({ text, cut: false });
    }
  });
});
