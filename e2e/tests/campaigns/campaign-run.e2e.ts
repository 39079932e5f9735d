import { reportStatsAggregateContract } from '@meridian/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CampaignReportsPage } from '../../pages/campaign-reports.page';
import { signInAsDemoAdmin } from '../../pages/session';
import { callApi, DEMO_ADMIN, loginByApi, uniqueSuffix } from '../../support/api';
import { expectAccessible } from '../../support/axe';
import { baseUrl, launchBrowser, newPage, snapshot } from '../../support/browser';
import { createMailCampaign, hrefs, type MailCampaign, waitUntil } from '../../support/mail-campaign';
import { type CapturedMail, openMailbox } from '../../support/mails';

const PEOPLE = 50;
const PRICING = 'https://example.com/pricing';
const DOCS = 'https://example.com/docs';
const APPLE_MAIL = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko)';

/** The end-to-end path: a campaign published to 50 contacts runs, is opened, clicked and reported, and an unsubscribe holds on the next run. */
describe('a published campaign, from send to report', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  let token: string;
  let campaign: MailCampaign;
  const run = uniqueSuffix();
  const address = (i: number) => campaign.address(i);
  const first: CapturedMail[] = [];

  beforeAll(async () => {
    token = await loginByApi(DEMO_ADMIN.email, DEMO_ADMIN.password);
    campaign = await createMailCampaign(token, { run, people: PEOPLE, links: [PRICING, DOCS] });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  it('mails every contact, personalised, with tracked links and one-click unsubscribe headers', async () => {
    const boxes = await Promise.all(Array.from({ length: PEOPLE }, (_, i) => openMailbox(address(i))));
    await campaign.publish();
    for (const [i, box] of boxes.entries()) {
      const mail = await box.next({ timeoutMs: 180_000 });
      expect(mail.subject).toBe(`News for Reader${i}`);
      expect(mail.html).toContain(`Hello Reader${i},`);
      first.push(mail);
    }
    const sample = first[0]!;
    const links = hrefs(sample);
    expect(links.filter((l) => l.includes('/api/campaign/v1/t/c/'))).toHaveLength(2);
    expect(links.some((l) => l.includes('/api/campaign/v1/t/o/'))).toBe(true);
    expect(links).not.toContain(PRICING);
    const headers = sample.headers ?? {};
    expect(headers['list-unsubscribe']).toMatch(/^<https?:\/\/[^>]+\/api\/campaign\/v1\/t\/u\/[^>]+>$/);
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['message-id']).toMatch(/^<[^@>]+@[^>]+>$/);
    expect(new Set(first.map((m) => m.headers?.['message-id'])).size).toBe(PEOPLE);
  }, 300_000);

  it('counts opens, clicks and their mail client, and shows them in the Reports tab', async () => {
    // Ten people open (as Apple Mail); four of them click pricing, two also the docs.
    for (const mail of first.slice(0, 10)) {
      const pixel = hrefs(mail).find((l) => l.includes('/t/o/'))!;
      const answer = await fetch(new URL(pixel, baseUrl), { headers: { 'user-agent': APPLE_MAIL } });
      expect(answer.headers.get('content-type')).toBe('image/gif');
    }
    // Clicks come well after the send, as a person's would (a click seconds after delivery is a scanner's).
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    for (const [i, mail] of first.slice(0, 4).entries()) {
      const [pricing, docs] = hrefs(mail).filter((l) => l.includes('/t/c/'));
      const answer = await fetch(new URL(pricing!, baseUrl), {
        redirect: 'manual',
        headers: { 'user-agent': APPLE_MAIL },
      });
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe(PRICING);
      if (i < 2) {
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        await fetch(new URL(docs!, baseUrl), { redirect: 'manual', headers: { 'user-agent': APPLE_MAIL } });
      }
    }
    await waitUntil(async () => {
      const answer = await callApi(reportStatsAggregateContract, { campaign_id: campaign.campaignId }, token);
      const stats = (answer.body as { stats?: Record<string, number> }).stats;
      return stats?.unique_open_count === 10 && stats.total_click_count === 6;
    }, 'the reports to count the opens and clicks');

    ({ context, page } = await newPage(browser));
    await signInAsDemoAdmin(context);
    const reports = new CampaignReportsPage(page);
    await reports.goto(campaign.campaignId);
    await reports.region('Delivery Stats').getByText('100% of sent').waitFor();
    expect(await reports.stat('Qualified').innerText()).toContain('50');
    expect(await reports.stat('Delivered').innerText()).toContain('50');
    await page.getByText('20%', { exact: true }).waitFor(); // 10 opened of 50 delivered
    await page.getByText('40%', { exact: true }).waitFor(); // 4 clicked of 10 opened
    await reports
      .region('Email Clients')
      .getByRole('cell', { name: /Apple Mail/ })
      .first()
      .waitFor();
    const links = reports.region('Top Links');
    expect(await links.getByRole('listitem').first().innerText()).toContain(PRICING);
    await links.getByRole('link', { name: DOCS }).waitFor();
    await expectAccessible(page, 'campaign reports after a run');
    await snapshot(page, 'campaign-run-reports');
  }, 240_000);

  it("shows a contact's emails on their page: opened, the links clicked", async () => {
    ({ context, page } = await newPage(browser));
    await signInAsDemoAdmin(context);
    // Reader0 opened and clicked both links; Reader20 got the mail and did nothing with it.
    await page.goto(`/contacts/${campaign.personId(0)}`);
    const emails = page.getByTestId('email-history');
    const mail = emails.getByRole('listitem').filter({ hasText: 'News for Reader0' });
    await mail.getByText('Opened', { exact: true }).waitFor();
    await mail.getByText('Clicked 2 links', { exact: true }).waitFor();
    await mail.getByRole('link', { name: `Run ${run}` }).waitFor();
    await mail.getByRole('button', { name: 'View links' }).click();
    await mail.getByRole('link', { name: PRICING }).waitFor();
    await mail.getByRole('link', { name: DOCS }).waitFor();
    // The same sends, opens and clicks as events in the marketing activity timeline.
    const timeline = page.getByTestId('marketing-activities');
    await timeline.getByText('clicked', { exact: true }).first().waitFor();
    await timeline.getByText('opened', { exact: true }).first().waitFor();
    await expectAccessible(page, 'contact page with its campaign emails');
    await snapshot(page, 'contact-emails');

    await page.goto(`/contacts/${campaign.personId(20)}`);
    const unopened = page
      .getByTestId('email-history')
      .getByRole('listitem')
      .filter({ hasText: 'News for Reader20' });
    await unopened.getByText('Sent', { exact: true }).waitFor();
    expect(await unopened.getByText('Opened', { exact: true }).count()).toBe(0);
  }, 120_000);

  it('keeps an unsubscribed contact out of the next run', async () => {
    const gone = first[5]!;
    const unsubscribe = gone.headers!['list-unsubscribe']!.slice(1, -1);
    // A scanner's GET only shows the confirmation page; the one-click POST unsubscribes.
    const shown = await fetch(unsubscribe);
    expect(shown.status).toBe(200);
    const answer = await fetch(unsubscribe, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(answer.status).toBe(200);

    const kept = await openMailbox(address(6));
    const left = await openMailbox(address(5));
    await campaign.publish();
    const again = await kept.next({ timeoutMs: 180_000 });
    expect(again.subject).toBe('News for Reader6');
    await waitUntil(async () => {
      const answer = await callApi(reportStatsAggregateContract, { campaign_id: campaign.campaignId }, token);
      const stats = (answer.body as { stats?: Record<string, number> }).stats;
      return stats?.not_sent_count === 1 && stats.unsub_count === 1;
    }, 'the second run to be reported with one contact not sent');
    await expect(left.next({ timeoutMs: 3_000 })).rejects.toThrow(/no mail/);
  }, 300_000);
});
