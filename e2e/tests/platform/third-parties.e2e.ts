import { templateCreateContract } from '@meridian/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInAsDemoAdmin } from '../../pages/session';
import { TemplateEditorPage } from '../../pages/templates.page';
import { callApi } from '../../support/api';
import { baseUrl, launchBrowser, newPage, takeForeignRequests } from '../../support/browser';

describe('nothing leaves the product', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('records every request a page makes to another origin, so the test it runs in fails', async () => {
    // The page's Content-Security-Policy would stop the request before it is made: this test checks
    // the recorder behind it, so it turns the policy off.
    const { context, page } = await newPage(browser, { bypassCSP: true });
    await page.goto('/login/start');
    await page.evaluate<void>("fetch('http://127.0.0.3:9/collect', { mode: 'no-cors' }).catch(() => {})");
    await page.evaluate<unknown>("fetch('/api/auth/v1/health').then((r) => r.status)");
    expect(takeForeignRequests()).toEqual(['GET http://127.0.0.3:9/collect']);
    await context.close();
  });

  describe('the visual editor on a host other than localhost', () => {
    // The editor's vendor code skips its telemetry on localhost only: use the loopback address.
    const origin = baseUrl.replace('//localhost', '//127.0.0.1');
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      ({ context, page } = await newPage(browser, { baseURL: origin }));
    });

    afterAll(async () => {
      await context?.close();
    });

    it('opens with its icons served by the product and sends no telemetry', async () => {
      const token = await signInAsDemoAdmin(context);
      const name = `Offline ${Date.now().toString(36)}`;
      const created = await callApi(templateCreateContract, { name, template_type: 'visual' }, token);
      expect(created.status).toBe(200);
      const id = (created.body as { template: { template_id: string } }).template.template_id;
      await page.goto(`/template/edit/${id}`);
      await new TemplateEditorPage(page).waitFor(name, 'visual');
      // The panel's icon font is loaded from the product's own assets.
      const iconFont = await page.evaluate<boolean>(
        "document.fonts.load('14px FontAwesome').then((faces) => faces.length > 0)",
      );
      expect(iconFont).toBe(true);
      // A request after the editor is ready: events of earlier requests have all arrived by its answer.
      await page.evaluate<unknown>("fetch('/api/auth/v1/health').then((r) => r.status)");
      expect(takeForeignRequests()).toEqual([]);
    });
  });
});
