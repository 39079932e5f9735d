import { Analytics } from '@segment/analytics-node';
import { personCreateContract, staticListCreateContract } from '@meridian/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AudienceQueryDialog } from '../../pages/audience-query.dialog';
import { SegmentPage } from '../../pages/segment.page';
import { signIn } from '../../pages/session';
import { StaticListPage } from '../../pages/static-lists.page';
import { callApi, newAccount, registerVerifiedAccount, uniqueSuffix } from '../../support/api';
import { expectAccessible } from '../../support/axe';
import { baseUrl, launchBrowser, newPage, snapshot } from '../../support/browser';
import { isFocused, tabTo } from '../../support/keyboard';

const PHONE_WIDTH = 390;
const EVENT = 'Report Created';

/** A raw Tracking API call, as any HTTP client would send it, with the write key as Basic auth. */
function track(writeKey: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(new URL('/v1/track', baseUrl), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Basic ${Buffer.from(`${writeKey}:`).toString('base64')}`,
    },
    body: JSON.stringify(body),
  });
}

/** Reloads until `check` holds: ingest and its reports are asynchronous (never a timing claim). */
async function reloadUntil(page: Page, segment: SegmentPage, check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`waited 90 s for ${what}`);
    await page.waitForTimeout(1000);
    await page.reload();
    await segment.waitFor();
  }
}

/** A fresh organisation: its charts count only what this test sends. */
describe('the Segment page, fed by the official analytics-node client', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let segment: SegmentPage;
  let token: string;
  let writeKey = '';
  const account = newAccount('segment');
  const run = uniqueSuffix();
  const people = [1, 2].map((n) => ({
    userId: `user-${n}-${run}`,
    email: `seg${n}.${run}@e2e.meridian.dev`,
  }));

  beforeAll(async () => {
    await registerVerifiedAccount(account);
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    token = await signIn(context, account.email, account.password);
    segment = new SegmentPage(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens by its address with no key, empty charts and no errors', async () => {
    // Spec 2: no Settings entry, and no Segment tile to add; its connection appears with a key.
    await segment.open();
    await page.getByText(/No API key yet/).waitFor();
    await page.getByText('No events in the last 24 hours').waitFor();
    await page.getByText('No errors in the last 24 hours').waitFor();
    await segment.errorsList.getByText('No errors').first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'the empty Segment page');
    await snapshot(page, 'segment-empty');
  });

  it('shows a new key once, and a refreshed key ends the old one', async () => {
    // The first key asks too: it is shown only once.
    const first = await segment.issueKey();
    expect(first.length).toBeGreaterThan(20);
    await segment.keyDialog.getByText(`host: '${baseUrl}'`, { exact: false }).waitFor();
    await expectAccessible(page, 'the new key dialog', '[role="dialog"]');
    await snapshot(page, 'segment-key-shown');
    await segment.closeKeyDialog();
    expect(await page.getByText(first).count()).toBe(0);
    await page.getByText(/Key .+…, issued/).waitFor();

    // The keyboard reaches the refresh, and Escape leaves the confirm without a new key.
    await tabTo(page, segment.refreshKeys);
    await page.keyboard.press('Enter');
    await segment.confirmDialog.waitFor();
    await page.keyboard.press('Escape');
    await segment.confirmDialog.waitFor({ state: 'hidden' });
    expect(await isFocused(segment.refreshKeys)).toBe(true);

    writeKey = await segment.issueKey();
    expect(writeKey).not.toBe(first);
    await segment.closeKeyDialog();

    const call = { userId: people[0]!.userId, event: 'Key Check', messageId: `key-check-${run}` };
    expect((await track(first, call)).status).toBe(401);
    expect((await track(writeKey, call)).status).toBe(200);
  });

  it('is reached from its row in Data connections once it has a key, not from the Settings menu', async () => {
    await page.goto('/campaigns');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Data connections' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Segment' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Data connections' }).click();
    await page.waitForURL('**/connections');
    await page
      .getByTestId('connections-table')
      .getByRole('row', { name: /Segment/ })
      .click();
    await page.waitForURL('**/segment');
    await segment.waitFor();
  });

  it('charts what analytics-node sends, by hour and by day', async () => {
    // The contacts exist already; identify updates them, track gives them product activity.
    for (const { email } of people) {
      expect((await callApi(personCreateContract, { email }, token)).status).toBe(200);
    }
    const analytics = new Analytics({ writeKey, host: baseUrl, flushAt: 5, maxRetries: 5 });
    const failures: unknown[] = [];
    analytics.on('error', (error) => failures.push(error));
    for (const { userId, email } of people) {
      analytics.identify({ userId, traits: { email, first_name: 'Seg' } });
      for (const n of [1, 2, 3]) {
        analytics.track({ userId, event: EVENT, properties: { n }, context: { traits: { email } } });
      }
    }
    await analytics.closeAndFlush({ timeout: 60_000 });
    expect(failures).toEqual([]);
    // The key check above, 2 identify and 6 track calls.
    const accepted = 1 + people.length * 4;

    await reloadUntil(
      page,
      segment,
      async () =>
        (await segment.eventsSummary.textContent())?.startsWith(`${accepted} events in the last 24 hours`) ??
        false,
      `${accepted} events in the chart`,
    );
    await segment.chooseRange('30 days');
    await page.getByText(new RegExp(`^${accepted} events in the last 30 days`)).waitFor();
    await page.getByText('No errors in the last 30 days').waitFor();
    await segment.chooseRange('24 hours');
    await snapshot(page, 'segment-events');
  });

  it('records a refused call in the errors chart and the errors list', async () => {
    await track(writeKey, { userId: people[0]!.userId, messageId: `no-name-${run}` });
    await reloadUntil(
      page,
      segment,
      async () =>
        (await segment.errorsSummary.textContent())?.startsWith('1 error in the last 24 hours') ?? false,
      'the refused call in the errors chart',
    );
    await segment.errorsList.getByText('MissingEventName').waitFor();
    await expectAccessible(page, 'the Segment page with events and errors');
    await snapshot(page, 'segment-errors');
  });

  it('finds the people who sent the event in a dynamic list preview', async () => {
    const created = await callApi(staticListCreateContract, { name: `Segment ${run}` }, token);
    expect(created.status).toBe(200);
    const listId = (created.body as { static_list: { static_list_id: string } }).static_list.static_list_id;
    await page.goto(`/lists/static-list/${listId}`);
    await new StaticListPage(page).waitFor(`Segment ${run}`);
    await page.getByRole('button', { name: 'Add contacts' }).click();
    await page.getByRole('menuitem', { name: 'From a dynamic list query' }).click();
    const dialog = new AudienceQueryDialog(page);
    await dialog.addGroup('Report makers');
    await dialog.addFilter('Report makers', 'Product activity');
    await dialog.choose('Event of filter 1 of Report makers', EVENT);
    // Each person sent the event three times: exactly 3 also proves no delivery was stored twice.
    await dialog.root.getByRole('button', { name: 'Frequency' }).click();
    await dialog.fill('Times of frequency 1 of filter 1 of Report makers', '3');
    // Product activity reaches the campaign service through the outbox: count until it has.
    const count = dialog.root.getByTestId('query-count');
    const deadline = Date.now() + 60_000;
    let said = '';
    do {
      await dialog.root.getByRole('button', { name: 'Refresh' }).click();
      // Wait for the answer: the footer leaves 'Counting…' (or the query shows its errors).
      while (Date.now() < deadline) {
        said = (await count.textContent()) ?? '';
        if (said !== 'Counting…' && said !== 'Refresh to count the contacts') break;
        if (await dialog.root.getByText('Some fields are invalid').count()) break;
        await page.waitForTimeout(250);
      }
      if (said === '2 contacts selected') break;
      await page.waitForTimeout(1000);
    } while (Date.now() < deadline);
    await snapshot(page, 'segment-dynamic-list-count');
    expect(await count.textContent()).toBe('2 contacts selected');
    await dialog.root.getByRole('button', { name: 'Preview' }).click();
    await dialog.root.getByText('Previewing 2 of 2 people').waitFor();
    for (const { email } of people) await dialog.root.getByRole('row', { name: new RegExp(email) }).waitFor();
    await expectAccessible(page, 'the dynamic list preview of Segment senders', '[role="dialog"]');
    await snapshot(page, 'segment-dynamic-list');
    await page.keyboard.press('Escape');
  });

  it("saves the opt-out page with 'Save URL'", async () => {
    await segment.open();
    await segment.customUrl.check();
    await segment.url.fill('https://segment.example/preferences');
    await segment.saveUrl.click();
    await page.getByText('Unsubscribe URL added').waitFor();
    await page.reload();
    await segment.waitFor();
    await segment.url.waitFor();
    expect(await segment.customUrl.isChecked()).toBe(true);
    expect(await segment.url.inputValue()).toBe('https://segment.example/preferences');
  });

  it(`fits a phone (${PHONE_WIDTH} px) and stays accessible`, async () => {
    const phone = await newPage(browser, { width: PHONE_WIDTH });
    await signIn(phone.context, account.email, account.password);
    const small = new SegmentPage(phone.page);
    await small.open();
    await phone.page.waitForLoadState('networkidle');
    expect(await phone.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      PHONE_WIDTH,
    );
    await expectAccessible(phone.page, `the Segment page at ${PHONE_WIDTH} px`);
    await snapshot(phone.page, 'segment-phone');
    await phone.context.close();
  });
});
