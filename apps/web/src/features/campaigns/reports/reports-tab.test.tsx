import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  campaignGetContract,
  campaignsListContract,
  reportRecipientContracts,
  reportStatsAggregateContract,
  reportStatsListContract,
  reportTemplatesListContract,
  reportTopEmailClientOpenContract,
  reportTopLinkContract,
} from '@meridian/contracts';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { stubApi } from '@/test/api-stub';
import { accountRecord, AUTH, renderAppAt, resetAppHarness, sessionOf } from '@/test/app-harness';

// jsdom has no layout: a select scrolls its highlighted option into view.
if (!('scrollIntoView' in Element.prototype)) {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined, writable: true });
}

const admin = accountRecord('a0000000-0000-4000-8000-000000000001', 'ada@acme.com', 'CUSTOMER_ORG_ADMIN');
const ID = '11111111-1111-4111-8111-111111111111';
const TEMPLATE = '22222222-2222-4222-8222-222222222222';
const page = <T,>(records: T[], total = records.length) => ({
  records,
  page_number: 1,
  page_size: 10,
  page_count: Math.ceil(total / 10),
  total_count: total,
  total_capped: false,
});
const campaign = {
  campaign_id: ID,
  name: 'Spring launch',
  campaign_context: 'person',
  draft: false,
  active: true,
  version: 1,
  created_by: { id: admin.id, name: 'Ada' },
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
  activated_at: '2026-01-02T10:00:00.000Z',
  deactivated_at: null,
  flow: null,
  dynamic_list: null,
  schedule: null,
  rule: null,
  draft_data: null,
  counts: {
    count_processed: 0,
    count_delivered: 0,
    count_bounced: 0,
    count_dropped: 0,
    count_not_sent: 0,
    open_count: 0,
    total_count: 0,
  },
};
const run = {
  run_id: 'r1',
  run_time: '2026-03-04T09:00:00.000Z',
  total_count: 50,
  delivered_count: 45,
  unique_open_count: 20,
  unique_click_count_by_email: 5,
  bounce_count: 3,
  unsub_count: 1,
  run_state: 'finished',
};
const stats = {
  total_count: 50,
  processed_count: 48,
  delivered_count: 45,
  bounce_count: 3,
  dropped_count: 0,
  spamreport_count: 0,
  not_sent_count: 2,
  unsub_count: 1,
  unique_open_count: 20,
  total_open_count: 31,
  unique_click_count_by_email: 5,
  total_click_count: 9,
  unique_click_count_by_url: 7,
  non_human_open_count: 4,
  non_human_click_count: 2,
};
const recipient = {
  person_id: 'p1',
  email: 'cleo@example.com',
  org_id: null,
  message_id: 'm1',
  sent_date: '2026-03-04T09:00:00.000Z',
  event_time: '2026-03-04T10:00:00.000Z',
  unique_open_count: 1,
  total_open_count: 2,
  unique_click_count_by_url: 2,
  total_click_count: 3,
  urls: ['https://example.com/pricing', 'https://example.com/blog'],
  reason: null,
  error_text: null,
  unsub_time: null,
};

const answers = (runs: unknown[]) => ({
  [`${AUTH}/accounts/token.verify`]: { body: sessionOf(admin) },
  [campaignsListContract.fullPath]: { body: page([]) },
  [campaignGetContract.fullPath]: { body: { campaign } },
  [reportStatsListContract.fullPath]: { body: page(runs) },
  [reportTemplatesListContract.fullPath]: {
    body: { templates: [{ template_id: TEMPLATE, name: 'Welcome' }] },
  },
  [reportStatsAggregateContract.fullPath]: { body: { stats } },
  [reportTopLinkContract.fullPath]: {
    body: page([{ link: 'https://example.com/pricing', total_click_count: 6, unique_click_count: 4 }]),
  },
  [reportTopEmailClientOpenContract.fullPath]: {
    body: page([
      { email_client: 'Gmail', unique_open_count: 19, total_open_count: 25, unique_click_count_by_url: 0 },
      {
        email_client: 'Thunderbird',
        unique_open_count: 1,
        total_open_count: 1,
        unique_click_count_by_url: 0,
      },
    ]),
  },
  // A big tab is counted up to a bound: its total is a lower bound.
  [reportRecipientContracts.recipient_engagement.fullPath]: {
    body: { ...page([recipient], 10_000), total_capped: true },
  },
  [reportRecipientContracts.recipient_click.fullPath]: { body: page([recipient]) },
  [reportRecipientContracts.recipient_bounce.fullPath]: { body: page([]) },
});

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

describe('the Reports tab', () => {
  it('is left out until the campaign has a run', async () => {
    const api = stubApi(answers([]));
    renderAppAt(`/campaign/edit/${ID}?tab=reports`);
    expect(await screen.findByRole('tab', { name: 'Dynamic list', selected: true })).toBeTruthy();
    await waitFor(() => expect(api.callsTo(reportStatsListContract.fullPath)).toHaveLength(1));
    expect(screen.queryByRole('tab', { name: 'Reports' })).toBeNull();
    expect(api.callsTo(reportStatsAggregateContract.fullPath)).toHaveLength(0);
  });

  it('shows the counts with the spec ratios, scanners apart, and the past runs', async () => {
    const api = stubApi(answers([run]));
    renderAppAt(`/campaign/edit/${ID}?tab=reports`);
    expect(await screen.findByRole('tab', { name: 'Reports', selected: true })).toBeTruthy();
    const stats = await screen.findByRole('region', { name: 'Delivery Stats' }, { timeout: 10_000 });
    // 46 of 48 processed messages sent (2 not sent); 45 delivered of those 46.
    await within(stats).findByText('95.83% of qualified');
    // What the ratio is read against: the 48 emails the 50 people qualified for.
    expect(within(stats).getByText('48 emails')).toBeTruthy();
    expect(within(stats).getByText('97.83% of sent')).toBeTruthy();
    expect(within(stats).getByText('2.22% of delivered')).toBeTruthy();
    expect(screen.getByText('44.44%')).toBeTruthy(); // 20 unique opens of 45 delivered
    expect(screen.getByText('25%')).toBeTruthy(); // 5 of 20 openers clicked
    expect(screen.getByText(/4 opens and 2 clicks by security scanners/)).toBeTruthy();
    const runs = screen.getByRole('region', { name: 'Past Campaign Runs' });
    expect(await within(runs).findByText('Finished')).toBeTruthy();
    expect(within(runs).getByText('March 4, 2026 at 9:00 AM', { exact: false })).toBeTruthy();
    // The first report calls ask for all time: no period bounds.
    expect(api.callsTo(reportStatsAggregateContract.fullPath)[0]?.body).toMatchObject({
      campaign_id: ID,
      start_date: null,
      end_date: null,
    });
  });

  it('asks again for the chosen template and period, and hides empty runs on request', async () => {
    const api = stubApi(answers([run]));
    renderAppAt(`/campaign/edit/${ID}?tab=reports`);
    await screen.findByRole('region', { name: 'Delivery Stats' }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('combobox', { name: 'Template' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Welcome' }));
    await waitFor(() =>
      expect(api.callsTo(reportStatsAggregateContract.fullPath).at(-1)?.body).toMatchObject({
        template_id: TEMPLATE,
      }),
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Sent in' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Last week' }));
    await waitFor(() => {
      const body = api.callsTo(reportStatsAggregateContract.fullPath).at(-1)?.body as Record<string, string>;
      expect(Date.parse(body.end_date ?? '') - Date.parse(body.start_date ?? '')).toBe(7 * 86_400_000);
    });
    fireEvent.click(screen.getByRole('switch', { name: 'Hide empty runs' }));
    await waitFor(() =>
      expect(api.callsTo(reportStatsListContract.fullPath).at(-1)?.body).toMatchObject({
        show_non_empty_runs: true,
      }),
    );
  });

  it("lists recipients per outcome, with 'View links' and 'No data found'", async () => {
    stubApi(answers([run]));
    renderAppAt(`/campaign/edit/${ID}?tab=reports`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Recipients' }, { timeout: 10_000 }));
    expect(await screen.findByText('cleo@example.com')).toBeTruthy();
    expect(screen.getByText('10,000+ recipients')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Click' }));
    expect(await screen.findByText('1 recipient')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'View links of cleo@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link preview' });
    expect(within(dialog).getByRole('link', { name: 'https://example.com/blog' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /close/i }));
    fireEvent.click(screen.getByRole('tab', { name: 'Bounce' }));
    expect(await screen.findByText('No data found')).toBeTruthy();
  });
});
