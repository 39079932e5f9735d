import { MantineProvider } from '@mantine/core';
import type { Campaign, DryRunStep, PersonLookupRow } from '@meridian/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, stubApi } from '@/test/api-stub';
import { resetAppHarness } from '@/test/app-harness';
import { DryRunButton } from './dry-run-button';

afterEach(resetAppHarness);

const CAMPAIGN = '/api/campaign/v1';
const DRY_RUN = `${CAMPAIGN}/campaigns/flow/dry-run`;
const ID = '11111111-1111-4111-8111-111111111111';
const PERSON = '22222222-2222-4222-8222-222222222222';
const ada: PersonLookupRow = {
  id: PERSON,
  email: 'ada@acme.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  org_id: null,
  product_user_id: null,
  campaign_context: 'person',
};
const delayNode = { action_id: 'd', action_type: 'delay', action_options: {}, is_deleted: false };
const campaign = (flow: Campaign['flow'], draftFlow?: unknown): Campaign => ({
  campaign_id: ID,
  name: 'Onboarding',
  campaign_context: 'person',
  draft: draftFlow !== undefined,
  active: true,
  version: 1,
  created_by: null,
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
  activated_at: null,
  deactivated_at: null,
  flow,
  dynamic_list: null,
  schedule: null,
  rule: null,
  draft_data: draftFlow === undefined ? null : { flow: draftFlow },
  counts: {
    count_processed: 0,
    count_delivered: 0,
    count_bounced: 0,
    count_dropped: 0,
    count_not_sent: 0,
    open_count: 0,
    total_count: 0,
  },
});
const step = (over: Partial<DryRunStep>): DryRunStep => ({
  action_id: 's',
  action_type: 'delay',
  label: 'Add delay',
  status: 'ok',
  explanation: '',
  branch_id: null,
  wake_at: null,
  email: null,
  webhook: null,
  static_list: null,
  updates: null,
  ...over,
});
const result = {
  person: { id: PERSON, email: 'ada@acme.com', first_name: 'Ada', last_name: 'Lovelace' },
  evaluated_at: '2026-03-02T09:00:00.000Z',
  stopped: 'end',
  steps: [
    step({
      action_id: 'b',
      action_type: 'branch_by_filter',
      label: 'Branch by filter',
      branch_id: 'yes',
      explanation: 'first_name equals "Ada": matched, took the primary branch',
    }),
    step({ action_id: 'd', explanation: 'Waits 3 hours', wake_at: '2026-03-02T12:00:00.000Z' }),
    step({
      action_id: 'e',
      action_type: 'send_email',
      label: 'Send email',
      explanation: 'Would send "Welcome Ada" to ada@acme.com',
      email: {
        to: 'ada@acme.com',
        subject: 'Welcome Ada',
        from: 'Acme <news@acme.com>',
        reply_to: null,
        html: '<p>Hello Ada</p><script>alert(1)</script>',
      },
    }),
  ],
};
const lookup = {
  [`${CAMPAIGN}/settings/get`]: { body: { settings: { person_org_mapping: 'one_to_none', email: null } } },
  [`${CAMPAIGN}/person.lookup`]: { body: { rows: [ada] } },
};

function open(value: Campaign) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider env="test">
        <DryRunButton campaign={value} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
}

async function pickAdaAndRun() {
  fireEvent.change(await screen.findByLabelText('Contact'), { target: { value: 'ada@acme.com' } });
  const run = screen.getByRole('button', { name: 'Run dry run' });
  await waitFor(() => expect((run as HTMLButtonElement).disabled).toBe(false), { timeout: 4000 });
  fireEvent.click(run);
}

describe(DryRunButton.name, () => {
  it('says the campaign has no flow steps yet, without calling the server', async () => {
    const api = stubApi(lookup);
    open(campaign(null));
    expect(await screen.findByText('This campaign has no flow steps yet')).toBeTruthy();
    expect(api.callsTo(DRY_RUN)).toHaveLength(0);
  });

  it('runs the draft flow for the chosen contact and shows the path, with the email sandboxed', async () => {
    const api = stubApi({ ...lookup, [DRY_RUN]: { body: result } });
    open(campaign(null, { nodes: [delayNode], links: [] }));
    await pickAdaAndRun();
    const path = await screen.findByRole('region', { name: 'Path of the contact' }, { timeout: 4000 });
    expect(api.callsTo(DRY_RUN)[0]?.body).toEqual({ campaign_id: ID, person_id: PERSON });
    expect(within(path).getByText('1. Branch by filter')).toBeTruthy();
    expect(within(path).getByText('first_name equals "Ada": matched, took the primary branch')).toBeTruthy();
    expect(within(path).getByText(/Continues on March 2, 2026/)).toBeTruthy();
    expect(within(path).getByText('End of the path')).toBeTruthy();
    const frame = within(path).getByTitle('Email: Welcome Ada');
    // An empty sandbox: no scripts, no same-origin access, no forms, whatever the template holds.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Hello Ada</p><script>alert(1)</script>');
    expect(within(path).getByText('Acme <news@acme.com>')).toBeTruthy();
  });

  it('marks the step where the path stops and says why, with no end of path', async () => {
    const stopped = {
      ...result,
      steps: [
        step({
          action_id: 'e',
          action_type: 'send_email',
          label: 'Send email',
          status: 'error',
          explanation: 'This step is not complete: Select an email template',
        }),
      ],
    };
    stubApi({ ...lookup, [DRY_RUN]: { body: stopped } });
    open(campaign({ nodes: [delayNode], links: [] }));
    await pickAdaAndRun();
    const path = await screen.findByRole('region', { name: 'Path of the contact' }, { timeout: 4000 });
    expect(within(path).getByText('Stops here')).toBeTruthy();
    expect(within(path).getByText('This step is not complete: Select an email template')).toBeTruthy();
    expect(within(path).queryByText('End of the path')).toBeNull();
  });

  it("shows the server's reason when the dry run fails", async () => {
    stubApi({ ...lookup, [DRY_RUN]: errorBody(404, 'NotFoundException', 'Contact not found') });
    open(campaign({ nodes: [delayNode], links: [] }));
    await pickAdaAndRun();
    expect(await screen.findByText('Contact not found', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('The dry run did not run')).toBeTruthy();
  });
});
