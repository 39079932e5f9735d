import {
  campaignCreateContract,
  campaignEditStartContract,
  campaignGetContract,
  flowActionAddContract,
  type Flow,
  orderedActions,
  staticListCreateContract,
} from '@meridian/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FlowBuilderPage } from '../../pages/flow-builder.page';
import { signInAsDemoAdmin } from '../../pages/session';
import { expectAccessible } from '../../support/axe';
import { callApi, uniqueSuffix } from '../../support/api';
import { launchBrowser, newPage, snapshot, waitForExpression } from '../../support/browser';

async function newCampaign(token: string, name: string): Promise<string> {
  const created = await callApi(campaignCreateContract, { name, campaign_context: 'person' }, token);
  expect(created.status).toBe(200);
  const id = (created.body as { campaign: { campaign_id: string } }).campaign.campaign_id;
  // A new campaign is active and read-only in the editor until 'Edit campaign' pauses it.
  expect((await callApi(campaignEditStartContract, { campaign_id: id }, token)).status).toBe(200);
  return id;
}

async function draftFlow(token: string, id: string): Promise<Flow> {
  const { body } = await callApi(campaignGetContract, { campaign_id: id }, token);
  const campaign = (body as { campaign: { draft_data: { flow?: Flow } | null } }).campaign;
  return campaign.draft_data?.flow ?? { nodes: [], links: [] };
}

describe('the flow builder: steps added, edited with their messages, and removed', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let campaignId: string;
  const run = uniqueSuffix();

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    token = await signInAsDemoAdmin(context);
    campaignId = await newCampaign(token, `Flow ${run}`);
    expect((await callApi(staticListCreateContract, { name: `Flow list ${run}` }, token)).status).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('starts empty, with the quick steps and the whole catalogue behind Show more flow steps', async () => {
    const flow = new FlowBuilderPage(page);
    await flow.goto(campaignId);
    await page.getByText('Start the workflow by adding a flow step').waitFor();
    await expectAccessible(page, 'the empty flow tab');
    await snapshot(page, 'flow-empty');
    await page.getByRole('button', { name: 'Show more flow steps' }).click();
    await flow.modal.waitFor();
    for (const group of [
      'Email Actions',
      'Workflow Controls',
      'Integrations',
      'List Actions',
      'Data Actions',
    ])
      await flow.modal.getByText(group).waitFor();
    await expectAccessible(page, 'the Add flow step modal', '[role="dialog"]');
    await flow.modal.getByPlaceholder('Search actions').fill('static');
    expect(
      await flow.modal
        .getByRole('button')
        .filter({ hasText: /static list/ })
        .count(),
    ).toBe(2);
    await page.keyboard.press('Escape');
    await flow.modal.waitFor({ state: 'hidden' });
  });

  it('adds Send email and shows each field message of its panel; the options are saved', async () => {
    const flow = new FlowBuilderPage(page);
    await page.getByRole('button', { name: 'Send email' }).click();
    await flow.drawer.waitFor();
    await flow.step('Send email').waitFor();
    await flow.drawer.getByLabel('Subject').fill('Hello');
    await flow.drawer.getByLabel('Subject').fill('');
    await flow.drawer.getByText('Email subject should not be empty').waitFor();
    await flow.drawer.getByText('Select an email template').first().waitFor();
    await flow.drawer.getByText('Sender name should not be empty').waitFor();
    await flow.drawer.getByLabel('Send from', { exact: true }).fill('not-an-email');
    await flow.drawer.getByText('Please enter a valid email address').waitFor();
    await flow.drawer.getByText('Reply to should not be empty').waitFor();
    await flow.drawer.getByLabel('Subject').fill('Welcome aboard');
    await expectAccessible(page, 'the Send email panel', '.mantine-Drawer-content');
    await snapshot(page, 'flow-send-email-panel');
    // Spec 9: saved 2 s after the last change.
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const node = (await draftFlow(token, campaignId)).nodes[0];
      if (node?.action_options.subject === 'Welcome aboard') break;
      await page.waitForTimeout(250);
    }
    expect((await draftFlow(token, campaignId)).nodes[0]?.action_options).toMatchObject({
      subject: 'Welcome aboard',
      from_email: { email: 'not-an-email' },
    });
    await flow.closeDrawer();
  });

  it('adds a delay by keyboard after Send email and sets it', async () => {
    const flow = new FlowBuilderPage(page);
    const plus = page.getByRole('button', { name: 'Add flow step here' }).last();
    await plus.focus();
    await page.keyboard.press('Enter');
    await flow.modal.waitFor();
    await page.keyboard.type('delay');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await flow.modal.waitFor({ state: 'hidden' });
    await flow.drawer.waitFor();
    await flow.drawer.getByLabel('Wait for').fill('0');
    await flow.drawer.getByText('Invalid delay').waitFor();
    await flow.drawer.getByLabel('Wait for').fill('3');
    await flow.drawer.getByLabel('Unit', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Hours' }).click();
    await flow.drawer.getByText('Invalid delay').waitFor({ state: 'detached' });
    await flow.closeDrawer();
    await page.getByText('Wait 3 hours').waitFor();
  });

  it('adds a branch step that fans out, a step in one branch, and a list step with its picker', async () => {
    const flow = new FlowBuilderPage(page);
    await page.getByRole('button', { name: 'Add flow step here' }).last().click();
    await flow.pick('branch', 'Branch by filter');
    await flow.closeDrawer();
    await page.getByRole('button', { name: 'Add flow step in branch Otherwise' }).click();
    await flow.pick('static', 'Add to static list');
    await flow.drawer.getByLabel('Static list', { exact: true }).first().click();
    await page.getByRole('option', { name: `Flow list ${run}` }).click();
    await expectAccessible(page, 'the static list panel', '.mantine-Drawer-content');
    await flow.closeDrawer();
    await page.getByRole('button', { name: 'Add flow step in branch Matches the filter' }).click();
    await flow.pick('salesforce', 'Sync to Salesforce');
    await flow.drawer.getByText('A Salesforce connection is needed').waitFor();
    await flow.closeDrawer();
    await page.getByRole('button', { name: 'Fit View' }).click();
    await expectAccessible(page, 'the flow graph');
    await snapshot(page, 'flow-graph');
    const types = orderedActions(await draftFlow(token, campaignId)).map((node) => node.action_type);
    expect(types).toEqual([
      'send_email',
      'delay',
      'branch_by_filter',
      'salesforce_manual_sync',
      'add_to_static_list',
    ]);
  });

  it('removes a branch step with its branches after a confirmation that says so', async () => {
    await page.getByRole('button', { name: 'Remove step Branch by filter' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Branch by filter' });
    await confirm.getByText('Its branches and every step in them are removed with it.').waitFor();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Open step Add to static list' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Fit View' }).click();
    await page.getByRole('button', { name: 'Remove step Add delay' }).click();
    await page
      .getByRole('dialog', { name: 'Remove Add delay' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await page.getByRole('button', { name: 'Open step Add delay' }).waitFor({ state: 'detached' });
    const types = orderedActions(await draftFlow(token, campaignId)).map((node) => node.action_type);
    expect(types).toEqual(['send_email']);
  });

  it("keeps the keyboard's place when the button that had the focus goes away", async () => {
    const id = await newCampaign(token, `Flow focus ${run}`);
    const flow = new FlowBuilderPage(page);
    await flow.goto(id);
    const focused = (label: string) =>
      waitForExpression(
        page,
        `document.activeElement?.getAttribute('aria-label') === ${JSON.stringify(label)}`,
        `the focus on ${label}`,
      );
    // The first step comes from the empty state, whose buttons the graph then replaces.
    await page.getByRole('button', { name: 'Show more flow steps' }).focus();
    await page.keyboard.press('Enter');
    await flow.modal.waitFor();
    await page.keyboard.type('delay');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await flow.drawer.waitFor();
    await flow.closeDrawer();
    await focused('Open step Add delay');
    // A second step, removed from its own card: the focus goes to the step above it.
    await page.getByRole('button', { name: 'Add flow step here' }).last().focus();
    await page.keyboard.press('Enter');
    await flow.modal.waitFor();
    await page.keyboard.type('webhook');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await flow.drawer.waitFor();
    await flow.closeDrawer();
    await page.getByRole('button', { name: 'Remove step Run webhook' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Remove Run webhook' });
    await confirm.getByRole('button', { name: 'Remove' }).focus();
    await page.keyboard.press('Enter');
    await flow.step('Run webhook').waitFor({ state: 'detached' });
    await focused('Open step Add delay');
    // The last step removed: the empty state's first button takes the focus.
    await page.keyboard.press('Tab');
    await focused('Remove step Add delay');
    await page.keyboard.press('Enter');
    await page
      .getByRole('dialog', { name: 'Remove Add delay' })
      .getByRole('button', { name: 'Remove' })
      .focus();
    await page.keyboard.press('Enter');
    await page.getByText('Start the workflow by adding a flow step').waitFor();
    await waitForExpression(
      page,
      `document.activeElement?.textContent === 'Send email'`,
      'the focus on the first quick step',
    );
  });

  it('works at 390 px wide', async () => {
    const phone = await newPage(browser, { width: 390 });
    await signInAsDemoAdmin(phone.context);
    const flow = new FlowBuilderPage(phone.page);
    await flow.goto(campaignId);
    await flow.step('Send email').waitFor();
    await expectAccessible(phone.page, 'the flow tab on a phone');
    await snapshot(phone.page, 'flow-phone');
    await flow.step('Send email').click();
    await flow.drawer.getByLabel('Subject').waitFor();
    await expectAccessible(phone.page, 'the Send email panel on a phone', '.mantine-Drawer-content');
    const width = await flow.drawer.evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(390);
    await snapshot(phone.page, 'flow-phone-panel');
    await phone.context.close();
  });

  it('shows a flow of 200 steps', async () => {
    const big = await newCampaign(token, `Flow 200 ${run}`);
    let after: string | undefined;
    for (let i = 0; i < 200; i += 1) {
      const type = (['send_email', 'delay', 'webhook', 'add_to_static_list'] as const)[i % 4];
      const added = await callApi(
        flowActionAddContract,
        { campaign_id: big, action_type: type, add_after_action_id: after },
        token,
      );
      expect(added.status).toBe(200);
      after = (added.body as { action_id: string }).action_id;
    }
    const flow = new FlowBuilderPage(page);
    await flow.goto(big);
    await waitForExpression(
      page,
      'document.querySelectorAll(".react-flow__node").length > 0',
      'the nodes to render',
    );
    await page.getByRole('button', { name: 'Zoom In' }).waitFor();
    await snapshot(page, 'flow-200-steps');
    await flow.step('Send email').first().click();
    await flow.drawer.getByLabel('Subject').pressSequentially('Spring sale');
    await page.getByText('Subject: Spring sale').waitFor();
    await flow.closeDrawer();
    await page.locator('.react-flow__pane').hover();
    await page.mouse.wheel(0, 4000);
    await flow.step('Add delay').first().waitFor();
  });
});
