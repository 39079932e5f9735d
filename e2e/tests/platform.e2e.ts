import { healthContracts, healthResponseSchema, serviceNames } from '@meridian/contracts';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, snapshot } from '../support/browser';

describe('the platform on one URL', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('serves the login page through the gateway', async () => {
    await page.goto('/login/start');
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    await snapshot(page, 'login-start');
  });

  it.each(serviceNames)(
    'reaches the %s service health through the gateway, from the page',
    async (service) => {
      const contract = healthContracts[service];
      const result = await page.evaluate(async (path) => {
        const response = await fetch(path);
        return { status: response.status, body: (await response.json()) as unknown };
      }, contract.fullPath);
      expect(result.status).toBe(200);
      const health = healthResponseSchema.parse(result.body);
      expect(health.service).toBe(`${service}-service`);
      expect(health.database.status).toBe('up');
      expect(health.events.status).toBe('up');
    },
  );

  it('sends unknown public paths to the login page', async () => {
    await page.goto('/no-such-page');
    await page.waitForURL('**/login/start');
  });
});
