import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { campaignGetContract, campaignsListContract } from '@meridian/contracts';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { errorBody, stubApi } from '@/test/api-stub';
import { accountRecord, AUTH, renderAppAt, resetAppHarness, sessionOf } from '@/test/app-harness';

const admin = accountRecord('a0000000-0000-4000-8000-000000000001', 'ada@acme.com', 'CUSTOMER_ORG_ADMIN');
const ID = '11111111-1111-4111-8111-111111111111';
const GET = campaignGetContract.fullPath;
const LIST = campaignsListContract.fullPath;
const signedIn = { [`${AUTH}/accounts/token.verify`]: { body: sessionOf(admin) } };
const emptyList = { body: { records: [], page_number: 1, page_size: 10, page_count: 0, total_count: 0 } };

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

describe('the campaign page', () => {
  it("shows the campaign's name and leads back to the list", async () => {
    const campaign = {
      campaign_id: ID,
      name: 'Launch',
      campaign_context: 'person',
      draft: false,
      active: true,
      version: 1,
      created_by: null,
      created_at: '2026-01-02T10:00:00.000Z',
      updated_at: '2026-01-02T10:00:00.000Z',
      activated_at: null,
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
    const api = stubApi({ ...signedIn, [GET]: { body: { campaign } }, [LIST]: emptyList });
    renderAppAt(`/campaign/edit/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Launch' })).toBeTruthy();
    expect(api.callsTo(GET)[0]?.body).toEqual({ campaign_id: ID });
    fireEvent.click(screen.getByRole('link', { name: /Back to campaigns/ }));
    expect(await screen.findByRole('heading', { name: 'Campaigns' })).toBeTruthy();
  });

  it("says 'Campaign details not available' and goes to the list when it is missing", async () => {
    stubApi({
      ...signedIn,
      [GET]: { status: 404, body: errorBody(404, 'NotFoundException', 'Campaign details not available') },
      [LIST]: emptyList,
    });
    renderAppAt(`/campaign/edit/${ID}`);
    expect(await screen.findByText('Campaign details not available')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Campaigns' })).toBeTruthy();
  });

  it('treats an address whose id is not an id as a missing campaign, not a crash', async () => {
    const api = stubApi({ ...signedIn, [LIST]: emptyList });
    renderAppAt('/campaign/edit/not-a-uuid');
    expect(await screen.findByText('Campaign details not available')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Campaigns' })).toBeTruthy();
    expect(screen.queryByText('Something went wrong!')).toBeNull();
    expect(api.callsTo(GET)).toHaveLength(0);
  });
});
