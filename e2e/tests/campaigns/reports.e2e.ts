import { randomUUID } from 'node:crypto';
import {
  campaignCreateContract,
  campaignRunChanged,
  type EventDefinition,
  emailEvents,
  reportStatsAggregateContract,
  tokenVerifyContract,
} from '@meridian/contracts';
import { Client } from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CampaignReportsPage } from '../../pages/campaign-reports.page';
import { signInAsDemoAdmin } from '../../pages/session';
import { callApi, DEMO_ADMIN, loginByApi, uniqueSuffix } from '../../support/api';
import { expectAccessible } from '../../support/axe';
import { launchBrowser, newPage, snapshot } from '../../support/browser';

const GMAIL =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 (via ggpht.com GoogleImageProxy)';
const APPLE_MAIL = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko)';
const OUTLOOK = 'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17029; Pro)';
const SCANNER = 'Mozilla/5.0 (compatible; Barracuda Sentinel)';
const PRICING = 'https://example.com/pricing';
const BLOG = 'https://example.com/blog';

interface Outboxed {
  id: string;
  name: string;
  key: string;
  payload: unknown;
}

/** An event as the campaign service's outbox holds it: validated by its catalogue schema. */
function outboxed<D extends EventDefinition>(definition: D, payload: unknown): Outboxed {
  const parsed = definition.payload.parse(payload) as Parameters<D['key']>[0];
  return { id: randomUUID(), name: definition.name, key: definition.key(parsed), payload: parsed };
}

async function waitUntil(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited 90 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The Reports tab over email events as the campaign service publishes them (through its outbox,
 * consumed by the reports service): one finished run to six people, five delivered and one
 * bounced, opens from three mail clients (and a security scanner, kept apart), clicks on two
 * links and an unsubscribe.
 */
describe('the Reports tab of a campaign', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let campaignId: string;
  let token: string;
  const run = uniqueSuffix();
  const emails = ['ada', 'bo', 'cy', 'di', 'ed', 'flo'].map((name) => `${name}.${run}@e2e.meridian.dev`);

  beforeAll(async () => {
    token = await loginByApi(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const session = (await callApi(tokenVerifyContract, { role_names: [] }, token)).body as {
      organisation: { id: string };
    };
    const created = await callApi(campaignCreateContract, { name: `Reports ${run}` }, token);
    if (created.status !== 200) throw new Error(`campaign create answered ${created.status}`);
    campaignId = (created.body as { campaign: { campaign_id: string } }).campaign.campaign_id;

    const runId = randomUUID();
    const sentAt = new Date(Date.now() - 60 * 60_000);
    const at = (minutes: number) => new Date(sentAt.getTime() + minutes * 60_000).toISOString();
    const base = {
      organisation_id: session.organisation.id,
      campaign_id: campaignId,
      campaign_name: `Reports ${run}`,
      run_id: runId,
      action_id: 'send-1',
      template_id: null,
      template_name: null,
      campaign_context: 'person',
      org_id: null,
    };
    const message = (i: number) => ({
      ...base,
      person_id: randomUUID(),
      email: emails[i],
      message_id: `<${runId}-${i}@demo.meridian.dev>`,
    });
    const people = emails.map((_, i) => message(i));
    const human = (user_agent: string) => ({ user_agent, human: true, non_human_reason: null });
    const events: Outboxed[] = [
      outboxed(campaignRunChanged, {
        ...base,
        run_time: at(0),
        run_state: 'finished',
        total_count: 6,
        occurred_at: at(5),
      }),
      ...people.flatMap((p) => [
        outboxed(emailEvents.emailProcessed, { ...p, occurred_at: at(0) }),
        outboxed(emailEvents.emailSent, { ...p, occurred_at: at(0) }),
      ]),
      ...people.slice(0, 5).map((p) => outboxed(emailEvents.emailDelivered, { ...p, occurred_at: at(1) })),
      outboxed(emailEvents.emailBounced, {
        ...people[5],
        bounce_type: 'hard',
        reason: '550 5.1.1 mailbox unknown',
        occurred_at: at(1),
      }),
      outboxed(emailEvents.emailOpened, { ...people[0], ...human(GMAIL), occurred_at: at(10) }),
      outboxed(emailEvents.emailOpened, { ...people[0], ...human(GMAIL), occurred_at: at(20) }),
      outboxed(emailEvents.emailOpened, { ...people[1], ...human(APPLE_MAIL), occurred_at: at(11) }),
      outboxed(emailEvents.emailOpened, { ...people[2], ...human(OUTLOOK), occurred_at: at(12) }),
      outboxed(emailEvents.emailOpened, {
        ...people[3],
        user_agent: SCANNER,
        human: false,
        non_human_reason: 'scanner_user_agent',
        occurred_at: at(1),
      }),
      outboxed(emailEvents.emailClicked, {
        ...people[0],
        ...human(GMAIL),
        url: PRICING,
        occurred_at: at(21),
      }),
      outboxed(emailEvents.emailClicked, { ...people[0], ...human(GMAIL), url: BLOG, occurred_at: at(22) }),
      outboxed(emailEvents.emailClicked, {
        ...people[1],
        ...human(APPLE_MAIL),
        url: PRICING,
        occurred_at: at(23),
      }),
      outboxed(emailEvents.emailUnsubscribed, { ...people[2], occurred_at: at(30) }),
    ];
    const db = new Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    try {
      // The campaign service's outbox, as its publisher writes it; the relay ships it on notify.
      await db.query(
        `INSERT INTO campaign.outbox (id, name, key, payload)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[])`,
        [
          events.map((e) => e.id),
          events.map((e) => e.name),
          events.map((e) => e.key),
          events.map((e) => JSON.stringify(e.payload)),
        ],
      );
      await db.query(`SELECT pg_notify('meridian_outbox_campaign', '')`);
    } finally {
      await db.end();
    }
    await waitUntil(async () => {
      const answer = await callApi(reportStatsAggregateContract, { campaign_id: campaignId }, token);
      const stats = (answer.body as { stats?: { total_click_count: number; unsub_count: number } }).stats;
      return answer.status === 200 && stats?.total_click_count === 3 && stats.unsub_count === 1;
    }, 'the reports service to consume the events');

    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async () => {
    await context?.close();
  });

  it('shows the counts, rates, clients, top links and the run, and stays accessible', async () => {
    ({ context, page } = await newPage(browser));
    await signInAsDemoAdmin(context);
    const reports = new CampaignReportsPage(page);
    await reports.goto(campaignId);

    const stats = reports.region('Delivery Stats');
    await stats.getByText('83.33% of sent').waitFor(); // 5 delivered of 6 sent
    expect(await reports.stat('Qualified').innerText()).toContain('6');
    expect(await reports.stat('Delivered').innerText()).toContain('5');
    expect(await reports.stat('Bounced').innerText()).toContain('16.67% of sent');
    expect(await reports.stat('Unsubscribed').innerText()).toContain('20% of delivered');
    // 3 people opened of 5 delivered; 2 of those 3 clicked; the scanner counts apart.
    await page.getByText('60%', { exact: true }).waitFor();
    await page.getByText('66.67%', { exact: true }).waitFor();
    await page.getByText(/1 open and 0 clicks by security scanners/).waitFor();

    const clients = reports.region('Email Clients');
    for (const name of ['Gmail', 'Apple Mail', 'Outlook'])
      await clients
        .getByRole('cell', { name: new RegExp(name) })
        .first()
        .waitFor();

    const links = reports.region('Top Links');
    await links.getByRole('link', { name: PRICING }).waitFor();
    expect(await links.getByRole('listitem').first().innerText()).toContain(PRICING);
    await links.getByRole('button', { name: 'View all links' }).click();
    const modal = page.getByRole('dialog', { name: 'Email Links' });
    await modal.getByRole('link', { name: BLOG }).waitFor();
    await expectAccessible(page, 'the Email Links modal');
    await page.keyboard.press('Escape');

    const runs = reports.region('Past Campaign Runs');
    await runs.getByText('Finished').waitFor();
    await expectAccessible(page, 'the Reports overview');
    await snapshot(page, 'campaign-reports-overview-1360');

    const clicked = await reports.openRecipients('Click');
    await clicked.getByText(emails[0]).waitFor();
    await snapshot(page, 'campaign-reports-recipients-1360');
    await clicked.getByRole('button', { name: `View links of ${emails[0]}` }).click();
    const preview = page.getByRole('dialog', { name: 'Link preview' });
    await preview.getByRole('link', { name: BLOG }).waitFor();
    await page.keyboard.press('Escape');
    const bounced = await reports.openRecipients('Bounce');
    await bounced.getByText(emails[5]).waitFor();
    await bounced.getByText('550 5.1.1 mailbox unknown').waitFor();
    const spam = await reports.openRecipients('Spam');
    await spam.getByText('No data found').waitFor();
    await expectAccessible(page, 'the Recipients tab');

    // Last year holds none of it.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await reports.chooseSentIn('Last year');
    await reports.region('Past Campaign Runs').getByText('No run  history').waitFor();

    // A custom range around today finds the run again; its dates read like 'Nov 01, 2026 12:00 AM'.
    await reports.chooseSentIn('Custom range');
    const search = page.getByRole('button', { name: 'Search' });
    expect(await search.isDisabled()).toBe(true);
    const now = new Date();
    await reports.pickRangeDate('From', new Date(now.getFullYear(), now.getMonth() - 1, 1));
    await reports.pickRangeDate('To', new Date(now.getFullYear(), now.getMonth() + 1, 1));
    const from = await page.getByRole('button', { name: 'From', exact: true }).innerText();
    expect(from).toMatch(/^[A-Z][a-z]{2} 01, \d{4} 12:00 AM$/);
    await expectAccessible(page, 'the custom range');
    await snapshot(page, 'campaign-reports-custom-range-1360');
    await search.click();
    await reports.region('Past Campaign Runs').getByText('Finished').waitFor();
  });

  it('fits a phone', async () => {
    ({ context, page } = await newPage(browser, { width: 390 }));
    await signInAsDemoAdmin(context);
    const reports = new CampaignReportsPage(page);
    await reports.goto(campaignId);
    await reports.region('Delivery Stats').getByText('83.33% of sent').waitFor();
    await reports.region('Email Clients').getByRole('cell', { name: /Gmail/ }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'the Reports overview on a phone');
    await snapshot(page, 'campaign-reports-overview-390');
  });
});
