import {
  campaignCreateContract,
  campaignDraftSaveContract,
  campaignGetContract,
  FLOW_ROOT,
} from '@meridian/contracts';
import { Client } from 'pg';
import { eventually } from '@meridian/testing';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { signInAsDemoAdmin } from '../../pages/session';
import { callApi, DEMO_ADMIN, loginByApi, uniqueSuffix } from '../../support/api';
import { expectAccessible } from '../../support/axe';
import { launchBrowser, newPage, snapshot } from '../../support/browser';
import { isFocused, pressUntilFocused, tabTo } from '../../support/keyboard';

/** Modals move the focus once their opening transition ends. */
async function waitForFocus(target: Locator) {
  await target.waitFor();
  for (let tries = 0; tries < 100 && !(await isFocused(target)); tries += 1)
    await target.page().waitForTimeout(100);
  expect(await isFocused(target)).toBe(true);
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * The campaign editor: an active campaign opened for edits, a recurring schedule and a rule saved
 * as a draft by themselves, the summary, a refused publish marking the tabs, rename and the leave
 * guard; axe on the page, its tabs, menu and dialogs, and the page at a phone's width.
 */
describe('the campaign editor', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let campaignId: string;
  const run = uniqueSuffix();
  const name = `Editor ${run}`;

  beforeAll(async () => {
    token = await loginByApi(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const created = await callApi(campaignCreateContract, { name }, token);
    campaignId = (created.body as { campaign: { campaign_id: string } }).campaign.campaign_id;
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await signInAsDemoAdmin(context);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const stored = async () =>
    (
      (await callApi(campaignGetContract, { campaign_id: campaignId }, token)).body as {
        campaign: { active: boolean; draft: boolean; draft_data: Record<string, unknown> | null };
      }
    ).campaign;

  it('asks before editing an active campaign, then pauses it and offers publishing', async () => {
    await page.goto(`/campaign/edit/${campaignId}`);
    await page.getByRole('heading', { name }).waitFor();
    await page.getByRole('tab', { name: 'Dynamic list' }).waitFor();
    await expectAccessible(page, 'the campaign editor of an active campaign');
    await page.getByRole('button', { name: 'Edit campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit active campaign' });
    await dialog
      .getByText('Editing an Active Campaign would pause the current run. Do you want to continue?')
      .waitFor();
    await expectAccessible(page, 'the edit active campaign dialog', '[role="dialog"]');
    // By keyboard: the dialog opens on Continue, and Enter confirms.
    await waitForFocus(dialog.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Publish' }).waitFor();
    expect((await stored()).active).toBe(false);
    await expectAccessible(page, 'the dynamic list tab of an editable campaign');
    await snapshot(page, 'campaign-editor-dynamic-list');
  });

  it('sets a recurring schedule and a rule, and saves them as a draft by itself', async () => {
    await page.getByRole('tab', { name: 'Schedule' }).click();
    await page.getByText('Schedule this campaign').waitFor();
    await page.getByRole('radio', { name: 'Recurring' }).check();
    await page.getByLabel('Start date').fill(day(1));
    await page.getByLabel('End date').fill(day(90));
    await page.getByLabel('Campaign time').fill('09:30');
    await page.getByRole('combobox', { name: 'Repeat every' }).click();
    await page.getByRole('option', { name: 'Week' }).click();
    // A chip's checkbox is hidden behind its label: the label is what a person clicks.
    await page.getByText('Monday', { exact: true }).click();
    await page.getByText('Thursday', { exact: true }).click();
    expect(await page.getByRole('checkbox', { name: 'Monday' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Once every period' }).check();
    await page.getByLabel('Run every').fill('2');
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Weeks' }).click();
    await page
      .getByTestId('editor-status')
      .getByText(/^Saved/)
      .waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'the schedule tab');
    await snapshot(page, 'campaign-editor-schedule');
    const draft = (await stored()).draft_data as {
      schedule: { run_type: string; time_zone: string; run_config: { freq_options: { day: string[] } } };
      rule: { rule: string; recurring_period_days: number };
    };
    expect(draft.schedule.run_type).toBe('recurring');
    expect(draft.schedule.time_zone).toEqual(expect.any(String));
    expect(draft.schedule.run_config.freq_options.day).toEqual(['monday', 'thursday']);
    expect(draft.rule).toMatchObject({ rule: 'once_every', recurring_period_days: 14 });
  });

  it('sums the schedule up with its next runs', async () => {
    await page.getByRole('tab', { name: 'Summary' }).click();
    await page.getByText('Every week on Monday, Thursday').first().waitFor();
    await page.getByText('2 Weeks').waitFor();
    await page.getByText('Next runs').waitFor();
    await expectAccessible(page, 'the summary tab');
    await snapshot(page, 'campaign-editor-summary');
  });

  it('refuses to publish an empty dynamic list and flow, with a lasting toast and marked tabs', async () => {
    // By keyboard: Tab to the menu, Enter opens it, arrows reach the entry, Enter picks it.
    await tabTo(page, page.getByRole('button', { name: 'Publish' }));
    await page.keyboard.press('Enter');
    const active = page.getByRole('menuitem', { name: 'Publish as Active Campaign' });
    await active.waitFor();
    await expectAccessible(page, 'the publish menu', '[role="menu"]');
    await pressUntilFocused(page, 'ArrowDown', active);
    await page.keyboard.press('Enter');
    await page.getByText('Campaign publish failed').waitFor();
    await page.getByText('dynamic_list: Dynamic List is empty', { exact: true }).waitFor();
    await page.getByText('flow: Flow is empty', { exact: true }).waitFor();
    await page.getByRole('tab', { name: /Dynamic list.*Dynamic List is empty/ }).waitFor();
    await page.getByRole('tab', { name: /Flow.*Flow is empty/ }).waitFor();
    expect(await page.getByRole('tab', { name: /Schedule:/ }).count()).toBe(0);
    await expectAccessible(page, 'the editor with publish errors');
    await snapshot(page, 'campaign-editor-publish-failed');
    expect((await stored()).active).toBe(false);
  });

  it('renames the campaign from the header', async () => {
    await page.getByRole('button', { name: 'Rename campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename Campaign' });
    await expectAccessible(page, 'the rename dialog', '[role="dialog"]');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`${name} renamed`);
    await dialog.getByRole('textbox', { name: 'Name' }).press('Enter');
    await page.getByText('Campaign Updated').waitFor();
    await page.getByRole('heading', { name: `${name} renamed` }).waitFor();
  });

  it('asks before leaving with unsaved changes: Continue Editing stays, Discard Changes leaves', async () => {
    const ruleOf = async () => ((await stored()).draft_data?.rule as { rule?: string } | undefined)?.rule;
    await page.getByRole('tab', { name: /Schedule/ }).click();
    await page.getByRole('radio', { name: 'Every time the campaign runs' }).check();
    await page.getByRole('link', { name: 'Back to campaigns' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to leave this page ?' });
    await dialog.waitFor();
    await expectAccessible(page, 'the leave dialog', '[role="dialog"]');
    // The autosave is held while the dialog asks: it neither closes the dialog nor saves.
    await page.waitForTimeout(2_500);
    expect(await dialog.isVisible()).toBe(true);
    expect(await ruleOf()).not.toBe('every_time');
    await dialog.getByRole('button', { name: 'Continue Editing' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Editing again, the change is saved as usual.
    await eventually(async () => (await ruleOf()) === 'every_time', {
      timeoutMs: 30_000,
      what: 'the kept change saved',
    });
    await page.getByRole('radio', { name: 'Once', exact: true }).check();
    // By keyboard: the back link, then Enter, then the dialog's Discard button.
    await page.getByRole('link', { name: 'Back to campaigns' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.waitForTimeout(2_500);
    await dialog.getByRole('button', { name: 'Discard Changes' }).click();
    await page.getByRole('heading', { name: 'Campaigns' }).waitFor();
    expect(await ruleOf()).toBe('every_time');
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/campaign/edit/${campaignId}?tab=schedule`);
    await page.getByText('Schedule this campaign').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    expect(overflow).toBe(false);
    await expectAccessible(page, 'the schedule tab on a phone');
    await snapshot(page, 'campaign-editor-phone');
  });

  it('publishes a complete draft as active: the toast, the Published status and Edit campaign again', async () => {
    const list = {
      query: {
        conditions: [
          {
            name: 'Adas',
            connector: '',
            children: [
              {
                type: 'filter',
                filter_type: 'person',
                filter: 'first_name',
                operator: 'equals',
                value: ['Ada'],
                connector: '',
              },
            ],
          },
        ],
      },
    };
    const saved = await callApi(
      campaignDraftSaveContract,
      { campaign_id: campaignId, draft: { dynamic_list: list } },
      token,
    );
    expect(saved.status).toBe(200);
    // The flow steps' own calls write draft_data.flow; here it is written as they leave it.
    const flow = {
      nodes: [
        { action_id: 'wait', action_type: 'delay', action_options: { delay_value: 1, delay_unit: 'days' } },
      ],
      links: [{ source: FLOW_ROOT, target: 'wait', attributes: {} }],
    };
    const db = new Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    try {
      await db.query(`UPDATE campaign.campaigns SET draft_data = draft_data || $2::jsonb WHERE id = $1`, [
        campaignId,
        JSON.stringify({ flow }),
      ]);
    } finally {
      await db.end();
    }
    await page.goto(`/campaign/edit/${campaignId}?tab=summary`);
    await page.getByText('Campaign Schedule').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('menuitem', { name: 'Publish as Active Campaign' }).click();
    await page.getByText('Campaign published as active').waitFor();
    await page.getByRole('button', { name: 'Edit campaign' }).waitFor();
    await page
      .getByTestId('editor-status')
      .getByText(/^Published/)
      .waitFor();
    const live = await stored();
    expect(live).toMatchObject({ active: true, draft: false, draft_data: null });
    await snapshot(page, 'campaign-editor-published-phone');
  });
});
