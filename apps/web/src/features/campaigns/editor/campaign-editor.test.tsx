import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  campaignDraftSaveContract,
  campaignDraftValidateContract,
  campaignGetContract,
  campaignPublishContract,
  campaignsListContract,
} from '@meridian/contracts';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { stubApi } from '@/test/api-stub';
import { accountRecord, AUTH, renderAppAt, resetAppHarness, sessionOf } from '@/test/app-harness';

const admin = accountRecord('a0000000-0000-4000-8000-000000000001', 'ada@acme.com', 'CUSTOMER_ORG_ADMIN');
const BO = { id: 'b0000000-0000-4000-8000-000000000002', name: 'Bo Builder' };
const ID = '11111111-1111-4111-8111-111111111111';
const GET = campaignGetContract.fullPath;
const SAVE = campaignDraftSaveContract.fullPath;
const VALIDATE = campaignDraftValidateContract.fullPath;
const PUBLISH = campaignPublishContract.fullPath;
const signedIn = {
  [`${AUTH}/accounts/token.verify`]: { body: sessionOf(admin) },
  [campaignsListContract.fullPath]: {
    body: { records: [], page_number: 1, page_size: 10, page_count: 0, total_count: 0 },
  },
};

const campaign = (overrides: Record<string, unknown> = {}) => ({
  campaign_id: ID,
  name: 'Launch',
  campaign_context: 'person',
  draft: false,
  active: false,
  version: 1,
  created_by: { id: admin.id, name: 'Ada' },
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
  activated_at: null,
  deactivated_at: '2026-01-02T10:00:00.000Z',
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
  ...overrides,
});

const saved = (warning: unknown = null) => ({
  body: {
    draft: { updated_by: { id: admin.id, name: 'Ada' }, updated_at: new Date().toISOString(), warning },
    campaign: campaign({ draft: true }),
  },
});

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

describe('the campaign editor', () => {
  it('saves rule edits as one draft 2 s after the last edit, not on each change', async () => {
    const api = stubApi({ ...signedIn, [GET]: { body: { campaign: campaign() } }, [SAVE]: saved() });
    renderAppAt(`/campaign/edit/${ID}?tab=schedule`);
    fireEvent.click(await screen.findByRole('radio', { name: 'Every time the campaign runs' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Once every period' }));
    expect(api.callsTo(SAVE)).toHaveLength(0);
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1), { timeout: 8000 });
    expect(api.callsTo(SAVE)[0]?.body).toMatchObject({
      campaign_id: ID,
      draft: { rule: { rule: 'once_every', allow_re_entry: true } },
    });
    expect(await screen.findByText(/^Saved/)).toBeTruthy();
  });

  it('warns when draft.save says another user saved within the minute; Cancel leaves the page', async () => {
    stubApi({
      ...signedIn,
      [GET]: { body: { campaign: campaign() } },
      [SAVE]: saved({ updated_by: BO, updated_at: new Date().toISOString() }),
    });
    renderAppAt(`/campaign/edit/${ID}?tab=schedule`);
    fireEvent.click(await screen.findByRole('radio', { name: 'Every time the campaign runs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Data override warning' }, { timeout: 8000 });
    expect(within(dialog).getByText(/Bo Builder changed this campaign's draft/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Campaigns' })).toBeTruthy();
  });

  it("warns on opening a draft another user saved within the minute, and shows 'by {name}'", async () => {
    const draft_data = { updated_by: BO, updated_at: new Date().toISOString() };
    stubApi({ ...signedIn, [GET]: { body: { campaign: campaign({ draft: true, draft_data }) } } });
    renderAppAt(`/campaign/edit/${ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Data override warning' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Data override warning' })).toBeNull());
    expect(screen.getByText(/Saved just now by Bo Builder/)).toBeTruthy();
  });

  it('on a refused publish lists each field: message in a lasting toast and marks the tabs', async () => {
    const api = stubApi({
      ...signedIn,
      [GET]: { body: { campaign: campaign() } },
      [VALIDATE]: {
        body: {
          valid: false,
          errors: { dynamic_list: 'Dynamic List is empty', rule: 'campaign rule is invalid' },
        },
      },
    });
    renderAppAt(`/campaign/edit/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Publish as Active Campaign' }));
    expect(await screen.findByText('Campaign publish failed')).toBeTruthy();
    expect(screen.getByText('dynamic_list: Dynamic List is empty')).toBeTruthy();
    expect(screen.getByText('rule: campaign rule is invalid')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Dynamic list.*Dynamic List is empty/ })).toBeTruthy();
    // The local check also finds the empty flow; the rule's message shows on the Schedule tab.
    expect(screen.getByRole('tab', { name: /Flow.*Flow is empty/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Schedule.*campaign rule is invalid/ })).toBeTruthy();
    expect(api.callsTo(PUBLISH)).toHaveLength(0);
  });

  it("publishes a valid draft as inactive with 'Campaign published as inactive'", async () => {
    const api = stubApi({
      ...signedIn,
      [GET]: { body: { campaign: campaign({ draft: true, draft_data: {} }) } },
      [VALIDATE]: { body: { valid: true, errors: {} } },
      [PUBLISH]: { body: { campaign: campaign({ version: 2 }) } },
    });
    renderAppAt(`/campaign/edit/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Publish as Inactive Campaign' }));
    expect(await screen.findByText('Campaign published as inactive')).toBeTruthy();
    expect(api.callsTo(PUBLISH)[0]?.body).toEqual({ campaign_id: ID, active: false });
    expect(await screen.findByText(/^Published/)).toBeTruthy();
  });
});
