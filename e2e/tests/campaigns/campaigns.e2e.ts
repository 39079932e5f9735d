import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CampaignsPage } from '../../pages/campaigns.page';
import { signInAsDemoAdmin } from '../../pages/session';
import { launchBrowser, newPage, snapshot } from '../../support/browser';

describe('a campaign created, found, renamed, cloned and removed from the list', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const run = Date.now().toString(36);
  const name = `Spring launch ${run}`;
  const renamed = `Summer launch ${run}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await signInAsDemoAdmin(context);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('creates a campaign with Enter and opens it', async () => {
    const campaigns = new CampaignsPage(page);
    await campaigns.goto();
    await campaigns.create(name);
    await page.getByText('New Campaign Added').waitFor();
    await page.waitForURL(/\/campaign\/edit\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name }).waitFor();
    await page.getByRole('link', { name: /Back to campaigns/ }).click();
    await page.getByRole('heading', { name: 'Campaigns' }).waitFor();
  });

  it('finds it by a search, and says when nothing matches', async () => {
    const campaigns = new CampaignsPage(page);
    await campaigns.search(`spring LAUNCH ${run}`);
    await campaigns.row(name).waitFor();
    expect(await campaigns.row(name).getByText('Active').count()).toBe(1);
    await campaigns.search(`no such campaign ${run}`);
    await page.getByText('No campagins found.').waitFor();
    await snapshot(page, 'campaigns-no-match');
    await campaigns.search(run);
    await campaigns.row(name).waitFor();
  });

  it('renames it', async () => {
    const campaigns = new CampaignsPage(page);
    await campaigns.rename(name, renamed);
    await page.getByText('Campaign Updated').waitFor();
    await campaigns.row(renamed).waitFor();
  });

  it("clones it as '{name}-clone'", async () => {
    const campaigns = new CampaignsPage(page);
    const cloneName = await campaigns.clone(renamed);
    expect(cloneName).toBe(`${renamed}-clone`);
    await page.getByText('Campaign cloned successfully').waitFor();
    await campaigns.row(cloneName).waitFor();
    await snapshot(page, 'campaigns-list');
  });

  it('removes both after the confirmation', async () => {
    const campaigns = new CampaignsPage(page);
    await campaigns.remove(`${renamed}-clone`);
    await page.getByText('Campaign Removed').first().waitFor();
    await campaigns.row(`${renamed}-clone`).waitFor({ state: 'detached' });
    await campaigns.remove(renamed);
    await page.getByText('No campagins found.').waitFor();
  });
});
