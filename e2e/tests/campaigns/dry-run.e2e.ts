import {
  campaignCreateContract,
  FLOW_ROOT,
  personCreateContract,
  personUpdateContract,
  templateCreateContract,
  webhookCreateContract,
} from '@meridian/contracts';
import { Client } from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInAsDemoAdmin } from '../../pages/session';
import { callApi, DEMO_ADMIN, loginByApi, uniqueSuffix } from '../../support/api';
import { expectAccessible } from '../../support/axe';
import { launchBrowser, newPage, snapshot } from '../../support/browser';

async function created<T>(call: Promise<{ status: number; body: unknown }>, pick: (body: T) => string) {
  const answer = await call;
  if (answer.status !== 200)
    throw new Error(`setup call answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return pick(answer.body as T);
}

/**
 * The dry run from the campaign page: a contact matching the branch gets the delay and the
 * email (rendered for them), another one the webhook. The flow is written straight into the
 * campaign's draft, as the flow builder would leave it.
 */
describe('the dry run of a campaign flow', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let campaignId: string;
  const run = uniqueSuffix();
  const ada = `ada.${run}@e2e.meridian.dev`;
  const bob = `bob.${run}@e2e.meridian.dev`;

  beforeAll(async () => {
    const token = await loginByApi(DEMO_ADMIN.email, DEMO_ADMIN.password);
    for (const [email, first_name] of [
      [ada, 'Ada'],
      [bob, 'Bob'],
    ] as const) {
      const id = await created(
        callApi(personCreateContract, { email }, token),
        (b: { person_id: string }) => b.person_id,
      );
      await created(
        callApi(personUpdateContract, { person_id: id, default_fields: { first_name } }, token),
        () => id,
      );
    }
    const templateId = await created(
      callApi(
        templateCreateContract,
        {
          name: `Dry run ${run}`,
          template_type: 'advanced',
          content:
            '<h1 style="font-family:sans-serif">Welcome, {{ person.first_name }}!</h1><p>Glad you are here.</p>',
        },
        token,
      ),
      (b: { template: { template_id: string } }) => b.template.template_id,
    );
    const webhookId = await created(
      callApi(webhookCreateContract, { name: `CRM ${run}` }, token),
      (b: { webhook: { webhook_id: string } }) => b.webhook.webhook_id,
    );
    campaignId = await created(
      callApi(campaignCreateContract, { name: `Dry run ${run}` }, token),
      (b: { campaign: { campaign_id: string } }) => b.campaign.campaign_id,
    );
    const flow = {
      nodes: [
        {
          action_id: 'branch',
          action_type: 'branch_by_filter',
          is_deleted: false,
          action_options: {
            primary_branch_id: 'adas',
            default_branch_id: 'others',
            condition: {
              conditions: [
                {
                  sequence_number: 1,
                  condition: {
                    filter_type: 'person',
                    filter: 'first_name',
                    operator: 'equals',
                    value: ['Ada'],
                  },
                },
              ],
            },
          },
        },
        {
          action_id: 'wait',
          action_type: 'delay',
          branch_id: 'adas',
          is_deleted: false,
          action_options: { delay_value: 2, delay_unit: 'days' },
        },
        {
          action_id: 'mail',
          action_type: 'send_email',
          branch_id: 'adas',
          is_deleted: false,
          action_options: {
            template_id: templateId,
            subject: 'Welcome {{ person.first_name }}',
            from_email: { name: 'Demo News', email: 'news@demo.meridian.dev' },
            reply_to: 'news@demo.meridian.dev',
          },
        },
        {
          action_id: 'hook',
          action_type: 'webhook',
          branch_id: 'others',
          is_deleted: false,
          action_options: { webhook_id: webhookId },
        },
      ],
      links: [
        { source: FLOW_ROOT, target: 'branch', attributes: {} },
        { source: 'branch', target: 'wait', attributes: { branch_id: 'adas' } },
        { source: 'wait', target: 'mail', attributes: {} },
        { source: 'branch', target: 'hook', attributes: { branch_id: 'others' } },
      ],
    };
    const db = new Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    try {
      await db.query(`UPDATE campaign.campaigns SET draft = true, draft_data = $2 WHERE id = $1`, [
        campaignId,
        JSON.stringify({ flow }),
      ]);
      await db.query(
        `UPDATE campaign.webhooks SET url = 'https://crm.example.com/contacts' WHERE webhook_id = $1`,
        [webhookId],
      );
    } finally {
      await db.end();
    }
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await signInAsDemoAdmin(context);
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function runFor(email: string) {
    const drawer = page.getByRole('dialog', { name: /Dry run/ });
    await drawer.getByRole('textbox', { name: 'Contact' }).fill(email);
    const button = drawer.getByRole('button', { name: 'Run dry run' });
    await button.and(page.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
    // By keyboard: Enter in the contact field runs it.
    await drawer.getByRole('textbox', { name: 'Contact' }).press('Enter');
    await drawer.getByText('End of the path').waitFor({ timeout: 30_000 });
    return drawer;
  }

  it('shows the path of a matching contact with the email rendered for them, and passes axe', async () => {
    await page.goto(`/campaign/edit/${campaignId}`);
    await page.getByRole('button', { name: 'Dry run' }).click();
    await expectAccessible(page, 'the dry run drawer', '[role="dialog"]');
    const drawer = await runFor(ada);
    await drawer.getByText('first_name equals "Ada": matched, took the primary branch').waitFor();
    await drawer.getByText('Subject: Welcome Ada').waitFor();
    const frame = page.frameLocator('iframe[title="Email: Welcome Ada"]');
    await frame.getByText('Welcome, Ada!').waitFor();
    await expectAccessible(page, 'the dry run path', '[role="dialog"]');
    await snapshot(page, 'campaign-dry-run');
  });

  it('sends another contact down the default branch to the webhook, also at phone width', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const drawer = await runFor(bob);
    await drawer.getByText('first_name equals "Ada": not matched, took the default branch').waitFor();
    await drawer.getByText(/Would call POST https:\/\/crm\.example\.com\/contacts/).waitFor();
    await snapshot(page, 'campaign-dry-run-phone');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  });
});
