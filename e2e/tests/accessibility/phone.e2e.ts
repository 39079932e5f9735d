import {
  campaignsListAllContract,
  reportStatsListContract,
  templateCreateContract,
  tokenCreateContract,
  tokenUpdateContract,
} from '@meridian/contracts';
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

  /** Badges whose label is cut short (an ellipsis, or a dot alone) on the page as it is now. */
  const cutBadges = () =>
    page.evaluate<string[]>(`[...document.querySelectorAll('main .mantine-Badge-root')]
      .filter((badge) => {
        const label = badge.querySelector('.mantine-Badge-label');
        return label !== null && label.scrollWidth > label.clientWidth + 1;
      })
      .map((badge) => badge.textContent)`);

  it("shows every badge of the campaign list and of the demo campaign's report whole", async () => {
    // The demo data set is seeded once the platform is up: wait for its weekly campaign.
    let digest: { campaign_id: string } | undefined;
    const deadline = Date.now() + 120_000;
    while (!digest) {
      const all = await callApi(campaignsListAllContract, {}, token);
      const records = (all.body as { records?: { campaign_id: string; name: string }[] }).records ?? [];
      digest = records.find((campaign) => campaign.name === 'Weekly product digest');
      if (!digest && Date.now() > deadline) throw new Error('waited 120 s for the demo campaigns');
      if (!digest) await page.waitForTimeout(500);
    }
    // ... and for its past runs to reach the reports.
    for (;;) {
      const runs = await callApi(reportStatsListContract, { campaign_id: digest.campaign_id }, token);
      if (((runs.body as { records?: unknown[] }).records ?? []).length > 0) break;
      if (Date.now() > deadline) throw new Error('waited 120 s for the demo campaign runs');
      await page.waitForTimeout(500);
    }
    await page.goto('/campaigns');
    await page.getByRole('row', { name: /Weekly product digest/ }).waitFor();
    expect(await cutBadges()).toEqual([]);
    await page.goto(`/campaign/edit/${digest.campaign_id}?tab=reports`);
    await page.getByRole('region', { name: 'Past Campaign Runs' }).getByText('Finished').first().waitFor();
    expect(await cutBadges()).toEqual([]);
  });

  it("keeps a token's name, type and Save Token apart and whole", async () => {
    const name = `phone_${uniqueSuffix()}`;
    const created = await callApi(tokenCreateContract, { name }, token);
    expect(created.status).toBe(200);
    const id = (created.body as { token: { token_id: string } }).token.token_id;
    const updated = await callApi(
      tokenUpdateContract,
      { token_id: id, token: '{{ person.first_name }}', default_value: 'there', description: 'First name' },
      token,
    );
    expect(updated.status).toBe(200);
    await page.goto(`/token/${id}`);
    const type = page.getByTestId('token-type');
    await type.getByText('String').waitFor();
    const field = await page.getByRole('textbox', { name: 'Token name' }).boundingBox();
    const badge = await type.boundingBox();
    const save = await page.getByRole('button', { name: 'Save Token' }).boundingBox();
    expect(field && badge && save).toBeTruthy();
    const apart = (a: typeof field, b: typeof field) =>
      a!.x + a!.width <= b!.x ||
      b!.x + b!.width <= a!.x ||
      a!.y + a!.height <= b!.y ||
      b!.y + b!.height <= a!.y;
    expect(apart(field, badge)).toBe(true);
    expect(apart(field, save)).toBe(true);
    expect(apart(badge, save)).toBe(true);
    expect(save!.x + save!.width).toBeLessThanOrEqual(PHONE_WIDTH);
    expect(await cutBadges()).toEqual([]);
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE_WIDTH);
    await snapshot(page, 'phone-token-editor');
  });
});
