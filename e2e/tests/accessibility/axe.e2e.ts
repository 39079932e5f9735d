import {
  campaignCreateContract,
  personCreateContract,
  staticListCreateContract,
  templateCreateContract,
  tokenCreateContract,
  webhookCreateContract,
} from '@meridian/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { signIn, signInAsDemoAdmin } from '../../pages/session';
import { callApi, DEMO_STAFF, uniqueSuffix } from '../../support/api';
import { expectAccessible } from '../../support/axe';
import { launchBrowser, newPage, waitForExpression } from '../../support/browser';

/** Waits until the screen headed `heading` (or showing the field so labelled) has loaded its data. */
async function settle(page: Page, heading: string | RegExp | { field: string }): Promise<void> {
  const ready =
    typeof heading === 'object' && 'field' in heading
      ? page.getByRole('textbox', { name: heading.field, exact: true })
      : page.getByRole('heading', { name: heading });
  // The first visit of a screen loads its code: allow for a slow first paint.
  await ready.first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await loaded(page);
}

/** No loader or skeleton in sight: the screen or dialog shows what it will show. */
async function loaded(page: Page): Promise<void> {
  await waitForExpression(
    page,
    "![...document.querySelectorAll('.mantine-Loader-root, .mantine-Skeleton-root')].some((el) => el.checkVisibility())",
    'loaders and skeletons to go',
  );
}

/** Opens a dialog, checks it, and closes it with Escape. */
async function checkDialog(page: Page, open: () => Promise<unknown>, name: string): Promise<void> {
  await open();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  // Some screens poll (a webhook's status): wait for the dialog's content, not for a quiet network.
  await loaded(page);
  await expectAccessible(page, `the '${name}' dialog`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

describe('every page and dialog meets WCAG 2.1 AA (axe-core)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe('signed out', () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      ({ context, page } = await newPage(browser));
    });

    afterAll(async () => {
      await context?.close();
    });

    it.each([
      ['/login/start', /./],
      ['/register', /./],
      ['/forgot-password/email', /./],
      ['/password/reset/no-such-token', 'Link Expired'],
      ['/verify-email/no-such-token', /./],
      ['/unsubscribed', /./],
    ])('%s', async (path, heading) => {
      await page.goto(path);
      await settle(page, heading);
      await expectAccessible(page, path);
    });

    it('/login/password', async () => {
      await page.goto('/login/start');
      await page.getByLabel('Email').fill('admin@demo.meridian.dev');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('textbox', { name: 'Password' }).waitFor();
      await expectAccessible(page, '/login/password');
    });
  });

  it('the Impersonate page of internal staff', async () => {
    const { context, page } = await newPage(browser);
    await signIn(context, DEMO_STAFF.email, DEMO_STAFF.password);
    await page.goto('/internal/impersonate');
    await settle(page, /./);
    await expectAccessible(page, '/internal/impersonate');
    await context.close();
  });

  describe('signed in', () => {
    let context: BrowserContext;
    let page: Page;
    const ids: Record<string, string> = {};
    const run = uniqueSuffix();

    beforeAll(async () => {
      ({ context, page } = await newPage(browser));
      const token = await signInAsDemoAdmin(context);
      const create = async (
        what: Promise<{ status: number; body: unknown }>,
        pick: (body: never) => string,
      ) => {
        const answer = await what;
        expect(answer.status).toBe(200);
        return pick(answer.body as never);
      };
      type T = { template: { template_id: string } };
      ids.visual = await create(
        callApi(templateCreateContract, { name: `Axe visual ${run}`, template_type: 'visual' }, token),
        (b: T) => b.template.template_id,
      );
      ids.html = await create(
        callApi(
          templateCreateContract,
          { name: `Axe html ${run}`, template_type: 'advanced', content: '<p>Hello</p>' },
          token,
        ),
        (b: T) => b.template.template_id,
      );
      ids.token = await create(
        callApi(tokenCreateContract, { name: `axe_${run}` }, token),
        (b: { token: { token_id: string } }) => b.token.token_id,
      );
      ids.webhook = await create(
        callApi(webhookCreateContract, { name: `Axe hook ${run}` }, token),
        (b: { webhook: { webhook_id: string } }) => b.webhook.webhook_id,
      );
      ids.list = await create(
        callApi(staticListCreateContract, { name: `Axe list ${run}` }, token),
        (b: { static_list: { static_list_id: string } }) => b.static_list.static_list_id,
      );
      ids.person = await create(
        callApi(personCreateContract, { email: `axe.${run}@e2e.meridian.dev` }, token),
        (b: { person_id: string }) => b.person_id,
      );
      ids.campaign = await create(
        callApi(campaignCreateContract, { name: `Axe campaign ${run}`, campaign_context: 'person' }, token),
        (b: { campaign: { campaign_id: string } }) => b.campaign.campaign_id,
      );
    });

    afterAll(async () => {
      await context?.close();
    });

    const screens: [string, string | (() => string), string | RegExp | { field: string }][] = [
      ['campaigns', '/campaigns', 'Campaigns'],
      ['campaign', () => `/campaign/edit/${ids.campaign}`, `Axe campaign ${run}`],
      ['emails', '/templates', 'Emails'],
      ['tokens', '/token-list', 'Tokens'],
      ['new token', '/token', { field: 'Token name' }],
      ['token', () => `/token/${ids.token}`, { field: 'Token name' }],
      ['static lists', '/lists/static-list', 'Static lists'],
      ['static list', () => `/lists/static-list/${ids.list}`, `Axe list ${run}`],
      ['webhooks', '/webhooks', 'Webhooks'],
      ['webhook', () => `/webhook/edit/${ids.webhook}`, `Axe hook ${run}`],
      ['data connections', '/connections', 'Data connections'],
      ['segment', '/segment', 'Segment integration'],
      ['single sign-on', '/sso-configuration', /./],
      ['email settings', '/email-settings', /./],
      ['contacts', '/contacts', /^Contacts/],
      ['contact', () => `/contacts/${ids.person}`, `axe.${run}@e2e.meridian.dev`],
      ['users', '/users', /users/i],
      ['captured mails', '/dev/mails', /./],
      ['html email', () => `/template/edit/${ids.html}`, `Axe html ${run}`],
      ['visual email', () => `/template/edit/${ids.visual}`, `Axe visual ${run}`],
    ];

    it.each(screens)('the %s page', async (_name, path, heading) => {
      await page.goto(typeof path === 'function' ? path() : path);
      await settle(page, heading);
      await expectAccessible(page, typeof path === 'function' ? path() : path);
    });

    it('the Settings menu', async () => {
      await page.goto('/campaigns');
      await settle(page, 'Campaigns');
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('menu').waitFor();
      await expectAccessible(page, 'the Settings menu');
      await page.keyboard.press('Escape');
    });

    const button =
      (name: string): (() => Promise<void>) =>
      () =>
        page.getByRole('button', { name, exact: true }).first().click();
    const menuItem = (trigger: Locator | string, item: string) => async () => {
      await (typeof trigger === 'string' ? page.getByRole('button', { name: trigger }) : trigger)
        .first()
        .click();
      await page.getByRole('menuitem', { name: item }).click();
    };

    it('the dialogs of the Emails page', async () => {
      await page.goto('/templates');
      await settle(page, 'Emails');
      await checkDialog(page, button('New Email'), 'New Email');
      const actions = `Actions for Axe html ${run}`;
      await checkDialog(page, menuItem(actions, 'Rename'), 'Rename email');
      await checkDialog(page, menuItem(actions, 'Remove'), 'Remove email');
    });

    it('the dialogs of the Campaigns page', async () => {
      await page.goto('/campaigns');
      await settle(page, 'Campaigns');
      await checkDialog(page, button('New Campaign'), 'New Campaign');
      const actions = `Actions for Axe campaign ${run}`;
      await checkDialog(page, menuItem(actions, 'Rename'), 'Rename Campaign');
      await checkDialog(page, menuItem(actions, 'Clone'), 'Clone Campaign');
      await checkDialog(page, menuItem(actions, 'Remove'), 'Remove campaign');
    });

    it('the second step of New Email: the gallery', async () => {
      await page.goto('/templates');
      await settle(page, 'Emails');
      await button('New Email')();
      const dialog = page.getByRole('dialog', { name: 'New Email' });
      await dialog.getByLabel('Name').fill(`Axe gallery ${run}`);
      await dialog.getByRole('radio', { name: /Visual editor/ }).click();
      await dialog.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('dialog', { name: 'Templates' }).waitFor();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, "New Email's gallery");
      await page.keyboard.press('Escape');
    });

    it('the dialogs of the email editors', async () => {
      await page.goto(`/template/edit/${ids.html}`);
      await settle(page, `Axe html ${run}`);
      await checkDialog(page, button('Email settings'), 'Email settings');
      await checkDialog(page, button('Send test email'), 'Send test email');
      await checkDialog(page, button('Add token'), 'Add token');
      await checkDialog(page, button('Preview'), 'Preview');
      await page.goto(`/webhook/edit/${ids.webhook}`);
      await settle(page, `Axe hook ${run}`);
      await checkDialog(page, button('Rename'), 'Rename webhook');
    });

    it('the dialogs of the lists', async () => {
      await page.goto('/lists/static-list');
      await settle(page, 'Static lists');
      await checkDialog(page, button('New static list'), 'New static list');
      await checkDialog(page, menuItem(`Actions for Axe list ${run}`, 'Rename'), 'Rename static list');
      await checkDialog(page, menuItem(`Actions for Axe list ${run}`, 'Delete'), 'Delete static list');
      await page.goto('/webhooks');
      await settle(page, 'Webhooks');
      await checkDialog(page, button('New webhook'), 'New webhook');
      await checkDialog(page, menuItem(`Actions for Axe hook ${run}`, 'Remove'), 'Remove webhook');
      await page.goto('/token-list');
      await settle(page, 'Tokens');
      await checkDialog(page, menuItem(`Actions for axe_${run}`, 'Remove'), 'Remove token');
    });

    it('the dialogs of the contacts and users', async () => {
      await page.goto('/contacts');
      await settle(page, /^Contacts/);
      await checkDialog(page, menuItem('Actions', 'Create Contact'), 'Create a new contact');
      await checkDialog(page, menuItem('Actions', 'Import Contacts'), 'Import contacts');
      await page.goto(`/contacts/${ids.person}`);
      await settle(page, `axe.${run}@e2e.meridian.dev`);
      await checkDialog(page, button('Delete'), 'Delete contact');
      await page.goto('/users');
      await settle(page, /users/i);
      await checkDialog(page, button('Invite users'), 'Invite users');
    });
  });
});
